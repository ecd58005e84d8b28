-- Proof of liabilities: a "catch_up" snapshot is taken by the leader when a user holds a balance the latest snapshot
-- does not count (the first deposit of the day, say), so a funded user sees a proof the same day, not after 00:00 UTC.
ALTER TABLE proof_snapshots DROP CONSTRAINT proof_snapshots_kind_check;
ALTER TABLE proof_snapshots ADD CONSTRAINT proof_snapshots_kind_check CHECK (kind IN ('daily', 'operator', 'catch_up'));
