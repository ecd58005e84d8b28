-- Contracts, forex and metals (CONTRACT "Wave 4: conditional orders"): a stop entry order (type `stop`) waits
-- pending, its margin and open fee held as a limit order's are, until the first fresh tick whose executable price
-- crosses its stop (long: ask >= stop_price; short: bid <= stop_price); it then opens at that tick's price.
ALTER TABLE positions DROP CONSTRAINT positions_type_check;
ALTER TABLE positions ADD CONSTRAINT positions_type_check CHECK (type IN ('market', 'limit', 'stop'));
ALTER TABLE positions ADD COLUMN stop_price numeric(36, 18) CHECK (stop_price > 0);
ALTER TABLE positions ADD CONSTRAINT positions_stop_check CHECK (type <> 'stop' OR stop_price IS NOT NULL);
-- A trailing stop-loss: the rate (a fraction, 0.001 to 0.2) and the best executable close price since it was set
-- (a long's highest bid, a short's lowest ask): what a restart needs to put the level back where it stood.
-- sl_price holds the level itself (best x (1 - rate) for a long, best x (1 + rate) for a short).
ALTER TABLE positions ADD COLUMN sl_trail_rate numeric(36, 18) CHECK (sl_trail_rate >= 0.001 AND sl_trail_rate <= 0.2);
ALTER TABLE positions ADD COLUMN sl_trail_best numeric(36, 18) CHECK (sl_trail_best > 0);
ALTER TABLE positions ADD CONSTRAINT positions_trail_check CHECK ((sl_trail_rate IS NULL) = (sl_trail_best IS NULL));
