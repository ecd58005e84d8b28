-- Timed options (server/src/options/): one row from the stake to the settlement. Money never lives here: the stake
-- is a ledger hold, the payout a ledger entry; these columns say what was agreed and which recorded ticks opened
-- and closed the option.
CREATE TABLE options (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('crypto', 'forex', 'metal')),
  direction text NOT NULL CHECK (direction IN ('up', 'down')),
  seconds integer NOT NULL CHECK (seconds > 0),
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- The profit rate of a win, fixed at submit (an operator's later change does not touch placed options).
  rate numeric(36, 18) NOT NULL CHECK (rate >= 0),
  open_tick_price numeric(36, 18) NOT NULL,
  open_tick_at_ms bigint NOT NULL,
  -- open_tick_at_ms + seconds x 1000: the option settles on the first recorded tick at or after it.
  expires_at_ms bigint NOT NULL,
  hold_id bigint,
  status text NOT NULL CHECK (status IN ('open', 'settled')),
  result text CHECK (result IN ('win', 'loss', 'tie')),
  payout numeric(36, 18),
  close_tick_price numeric(36, 18),
  close_tick_at_ms bigint,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK (expires_at_ms = open_tick_at_ms + seconds::bigint * 1000),
  CHECK (status <> 'settled' OR (result IS NOT NULL AND payout IS NOT NULL AND close_tick_at_ms >= expires_at_ms))
);

CREATE INDEX options_user_idx ON options (user_id, id DESC);
CREATE INDEX options_open_idx ON options (expires_at_ms) WHERE status = 'open';
