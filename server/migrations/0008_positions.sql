-- Leveraged positions on crypto, forex and metal pairs (server/src/positions/): one row from the order to the
-- close. Money never lives here: the margin is a ledger hold, fees, P&L and swaps are ledger entries; these columns
-- say what was agreed and which recorded tick settled each step.
CREATE TABLE positions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('crypto', 'forex', 'metal')),
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  quantity numeric(36, 18) NOT NULL CHECK (quantity > 0),
  contract_size numeric(36, 18) NOT NULL CHECK (contract_size > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  price_precision integer NOT NULL,
  -- USDT per unit of the pair's quote currency, fixed at the order (1 for USDT and USD).
  quote_rate numeric(36, 18) NOT NULL CHECK (quote_rate > 0),
  fee_rate numeric(36, 18) NOT NULL CHECK (fee_rate >= 0),
  maintenance_rate numeric(36, 18) NOT NULL CHECK (maintenance_rate >= 0),
  swap_rate numeric(36, 18) NOT NULL DEFAULT 0 CHECK (swap_rate >= 0),
  limit_price numeric(36, 18) CHECK (limit_price > 0),
  margin numeric(36, 18) NOT NULL CHECK (margin > 0),
  maintenance numeric(36, 18) NOT NULL DEFAULT 0 CHECK (maintenance >= 0),
  open_fee numeric(36, 18) NOT NULL DEFAULT 0 CHECK (open_fee >= 0),
  close_fee numeric(36, 18) NOT NULL DEFAULT 0 CHECK (close_fee >= 0),
  swap numeric(36, 18) NOT NULL DEFAULT 0 CHECK (swap >= 0),
  -- The part of the swaps the wallet could not pay at night: settled out of the position at its close.
  swap_due numeric(36, 18) NOT NULL DEFAULT 0 CHECK (swap_due >= 0),
  swapped_through date,
  tp_price numeric(36, 18) CHECK (tp_price > 0),
  sl_price numeric(36, 18) CHECK (sl_price > 0),
  liquidation_price numeric(36, 18),
  -- Where the margin level falls to the warning level: the user is told once (then warned is set).
  warning_price numeric(36, 18),
  open_price numeric(36, 18),
  open_tick_price numeric(36, 18),
  open_tick_at_ms bigint,
  status text NOT NULL CHECK (status IN ('pending', 'open', 'closing', 'closed', 'cancelled')),
  close_reason text CHECK (close_reason IN ('user', 'tp', 'sl', 'liquidation', 'close_all')),
  close_price numeric(36, 18),
  close_tick_price numeric(36, 18),
  close_tick_at_ms bigint,
  payout numeric(36, 18),
  pnl numeric(36, 18),
  margin_hold_id bigint,
  -- A pending limit order holds its open fee too; null once paid.
  fee_hold_id bigint,
  warned boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  opened_at timestamptz,
  closed_at timestamptz,
  CHECK (status NOT IN ('open', 'closing', 'closed') OR (open_price IS NOT NULL AND open_tick_at_ms IS NOT NULL)),
  CHECK (status <> 'closed' OR (close_reason IS NOT NULL AND close_price IS NOT NULL AND close_tick_at_ms IS NOT NULL AND payout IS NOT NULL))
);
CREATE INDEX positions_user ON positions (user_id, status, id DESC);
-- What the trigger book loads when a process becomes leader, and what the nightly swap walks.
CREATE INDEX positions_live ON positions (symbol) WHERE status IN ('pending', 'open');
