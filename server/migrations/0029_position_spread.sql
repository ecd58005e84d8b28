-- A position keeps the spread it was placed with (CONTRACT "Precisions added in wave 3"): its close price, its
-- take-profit, stop-loss and liquidation triggers and its live mark use this rate around the tick, so an
-- operator's later change of the pair's spread applies to new orders only. Positions placed before this migration
-- take their pair's spread as it stands now (the rate they have been judged by until now).
ALTER TABLE positions ADD COLUMN spread_rate numeric(36, 18);
UPDATE positions p SET spread_rate = m.spread_rate FROM market_pairs m WHERE m.symbol = p.symbol;
UPDATE positions SET spread_rate = 0 WHERE spread_rate IS NULL;
-- The default only serves rows written by hand (tests, repairs), like the other rates of the table; the service
-- always sets the pair's spread (the drizzle mirror has no default, so the compiler insists on it).
ALTER TABLE positions ALTER COLUMN spread_rate SET NOT NULL, ALTER COLUMN spread_rate SET DEFAULT 0;
ALTER TABLE positions ADD CONSTRAINT positions_spread_rate_range CHECK (spread_rate >= 0 AND spread_rate < 0.1);
