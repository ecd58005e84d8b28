-- Operator term changes take effect after a published notice (issue 25, CONTRACT "Precisions added in wave 3").
--
-- 1. A resting spot limit order keeps the spread it was placed with, like a position (0029): its fill is judged on
--    the quote this spread puts around the tick, so an operator's later spread change cannot make it fillable.
--    Orders placed before this migration take their pair's spread as it stands now (the rate they are judged by).
ALTER TABLE spot_orders ADD COLUMN spread_rate numeric(36, 18);
UPDATE spot_orders o SET spread_rate = m.spread_rate FROM market_pairs m WHERE m.symbol = o.symbol;
UPDATE spot_orders SET spread_rate = 0 WHERE spread_rate IS NULL;
ALTER TABLE spot_orders ALTER COLUMN spread_rate SET NOT NULL, ALTER COLUMN spread_rate SET DEFAULT 0;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_spread_rate_range CHECK (spread_rate >= 0 AND spread_rate < 0.1);

-- 2. A change of a pair's term that is worse for users (a wider spread) waits for its notice period: it is stored
--    here with its effective time, announced to every user (a published notice), applied by the feed leader once
--    due (status pending -> applied, in the transaction that sets the pair's term), or cancelled before (announced
--    too). At most one change per pair and term waits at a time.
CREATE TABLE market_term_changes (
  id bigserial PRIMARY KEY,
  symbol text NOT NULL REFERENCES market_pairs (symbol),
  term text NOT NULL CHECK (term IN ('spread_rate')),
  from_value numeric(36, 18) NOT NULL,
  to_value numeric(36, 18) NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'cancelled')),
  reason text,
  announced_at timestamptz NOT NULL,
  effective_at timestamptz NOT NULL,
  -- The published notices (news_items): the announcement and, for a cancelled change, its cancellation.
  notice_id bigint,
  cancel_notice_id bigint,
  created_by bigint,
  applied_at timestamptz,
  cancelled_at timestamptz,
  cancelled_by bigint,
  cancel_reason text,
  CHECK (effective_at >= announced_at),
  CHECK (status <> 'applied' OR applied_at IS NOT NULL),
  CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL)
);
CREATE UNIQUE INDEX market_term_changes_one_pending ON market_term_changes (symbol, term) WHERE status = 'pending';
CREATE INDEX market_term_changes_due ON market_term_changes (effective_at) WHERE status = 'pending';
CREATE INDEX market_term_changes_recent ON market_term_changes (id DESC);
