-- Spot orders (server/src/spot/): the broker model against the feed. Money never lives here: an open limit order's
-- funds are a ledger hold, fills are ledger entries against the platform's `spot` account; these columns say what
-- was asked and which recorded tick filled it.
CREATE TABLE spot_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  base text NOT NULL,
  quote text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  -- The limit price (null for a market order).
  price numeric(36, 18) CHECK (price > 0),
  quantity numeric(36, 18) NOT NULL CHECK (quantity > 0),
  price_precision integer NOT NULL,
  fee_rate numeric(36, 18) NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 0.5),
  -- An open limit order's hold (buy: quote amount + fee; sell: the base quantity).
  hold_id bigint,
  status text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  filled_price numeric(36, 18) CHECK (filled_price > 0),
  amount numeric(36, 18) CHECK (amount >= 0),
  fee numeric(36, 18) CHECK (fee >= 0),
  tick_price numeric(36, 18),
  tick_at_ms bigint,
  created_at timestamptz NOT NULL,
  filled_at timestamptz,
  cancelled_at timestamptz,
  CHECK (type = 'market' OR price IS NOT NULL),
  CHECK (status <> 'filled' OR (filled_price IS NOT NULL AND amount IS NOT NULL AND fee IS NOT NULL AND tick_price IS NOT NULL AND tick_at_ms IS NOT NULL)),
  CHECK (status <> 'open' OR hold_id IS NOT NULL)
);

CREATE INDEX spot_orders_user ON spot_orders (user_id, id DESC);
CREATE INDEX spot_orders_open ON spot_orders (id) WHERE status = 'open';
CREATE INDEX spot_orders_all ON spot_orders (id DESC);
