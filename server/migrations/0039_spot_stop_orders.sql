-- Spot conditional orders (CONTRACT "Wave 4: conditional orders"): a stop-market or stop-limit order waits (status
-- `waiting`, its funds held like a limit order's) until the first tick whose executable price crosses its stop; it
-- then fills at market (stop-market) or becomes a limit order at its price (stop-limit), naming that tick.
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_type_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_type_check CHECK (type IN ('market', 'limit', 'stop_market', 'stop_limit'));
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_status_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_status_check CHECK (status IN ('waiting', 'open', 'filled', 'cancelled'));
-- A limit or stop-limit order has its limit price; a market or stop-market order none until it fills.
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_limit_price_check CHECK (type IN ('market', 'stop_market') OR price IS NOT NULL);
ALTER TABLE spot_orders ADD COLUMN stop_price numeric(36, 18) CHECK (stop_price > 0);
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_stop_check CHECK (type NOT IN ('stop_market', 'stop_limit') OR stop_price IS NOT NULL);
-- The tick that triggered a stop (its price and its own time), null while waiting.
ALTER TABLE spot_orders ADD COLUMN triggered_tick_price numeric(36, 18);
ALTER TABLE spot_orders ADD COLUMN triggered_tick_at_ms bigint;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_waiting_check CHECK (status <> 'waiting' OR hold_id IS NOT NULL);
CREATE INDEX spot_orders_waiting ON spot_orders (id) WHERE status = 'waiting';
