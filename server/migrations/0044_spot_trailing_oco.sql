-- Spot trailing stops and one-cancels-the-other pairs (CONTRACT "Wave 4: conditional orders").
-- A trailing stop waits like a stop; its level follows the best executable price since placement (highest bid for a
-- sell, lowest ask for a buy), kept in trail_extreme so a restart resumes from what the engine had seen. Only ticks
-- after trail_since_ms (the placement tick's own time) count: an older tick delivered late moves nothing.
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_type_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_type_check CHECK (type IN ('market', 'limit', 'stop_market', 'stop_limit', 'trailing_stop'));
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_limit_price_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_limit_price_check CHECK (type IN ('market', 'stop_market', 'trailing_stop') OR price IS NOT NULL);
ALTER TABLE spot_orders ADD COLUMN trailing_rate numeric(36, 18) CHECK (trailing_rate >= 0.001 AND trailing_rate <= 0.2);
ALTER TABLE spot_orders ADD COLUMN trail_extreme numeric(36, 18) CHECK (trail_extreme > 0);
ALTER TABLE spot_orders ADD COLUMN trail_since_ms bigint;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_trailing_check CHECK (type <> 'trailing_stop' OR (trailing_rate IS NOT NULL AND trail_extreme IS NOT NULL AND trail_since_ms IS NOT NULL));
-- The price the hold was taken at when it is not the order's own limit (a trailing buy's worst allowed fill, the
-- larger leg of an OCO buy): a fill gives back what the hold kept beyond its cost.
ALTER TABLE spot_orders ADD COLUMN hold_price numeric(36, 18) CHECK (hold_price > 0);
-- Both legs of an OCO name the limit leg's id and share its one hold.
ALTER TABLE spot_orders ADD COLUMN oco_id bigint;
CREATE INDEX spot_orders_oco ON spot_orders (oco_id) WHERE oco_id IS NOT NULL;
