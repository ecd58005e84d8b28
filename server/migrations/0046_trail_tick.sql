-- Trailing levels name their tick: the time of the tick that last moved the level (or set it). A tick older than
-- that, delivered late, neither moves the level nor fires it (spot_orders.trail_since_ms, which held the placement
-- tick's time, now moves with the level too).
ALTER TABLE positions ADD COLUMN sl_trail_at_ms bigint;
