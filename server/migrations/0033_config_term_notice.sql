-- Issue 25, the follow-up of 0030: the leveraged, spot and options configurations (fees, maintenance, swaps,
-- leverages, payout rates) go through the same published notice as a pair's spread. A saved configuration with any
-- term worse for users waits in market_term_changes as one row per configuration: `term` names the setting
-- ('positions.config', 'spot.config', 'options.config'), `to_config` holds the whole new configuration (applied as
-- one value, so what users were told is exactly what takes effect, and nothing mixes two versions), `from_config`
-- the one it replaces, and `changes` the announced lines (scope, term, old -> new, worse or not). Such a row has no
-- pair and no single from/to value. One change per configuration waits at a time, like one per pair and term.
ALTER TABLE market_term_changes ALTER COLUMN symbol DROP NOT NULL;
ALTER TABLE market_term_changes ALTER COLUMN from_value DROP NOT NULL;
ALTER TABLE market_term_changes ALTER COLUMN to_value DROP NOT NULL;
ALTER TABLE market_term_changes DROP CONSTRAINT market_term_changes_term_check;
ALTER TABLE market_term_changes ADD CONSTRAINT market_term_changes_term_check
  CHECK (term IN ('spread_rate', 'positions.config', 'spot.config', 'options.config'));
ALTER TABLE market_term_changes ADD COLUMN from_config jsonb;
ALTER TABLE market_term_changes ADD COLUMN to_config jsonb;
ALTER TABLE market_term_changes ADD COLUMN changes jsonb;
ALTER TABLE market_term_changes ADD CONSTRAINT market_term_changes_shape CHECK (
  CASE WHEN term = 'spread_rate' THEN symbol IS NOT NULL AND from_value IS NOT NULL AND to_value IS NOT NULL
  ELSE symbol IS NULL AND to_config IS NOT NULL AND changes IS NOT NULL END
);
CREATE UNIQUE INDEX market_term_changes_one_pending_config ON market_term_changes (term) WHERE status = 'pending' AND symbol IS NULL;
