-- Referral commission that cannot skip a fee posting. A posting's id is taken when its row is inserted, not when its
-- transaction commits, so any scan "above the last id seen" (0018's cursor, 0021's horizon trailing its marks by ten
-- minutes) skips a fee posting whose transaction commits after a higher one was processed, or stays open past the
-- window. Instead each positive posting to the platform's `fees` account is queued by the database in the very
-- transaction that posts it: it becomes visible to the commission job exactly when the fee does, and the job
-- (server/src/referral/referral.service.ts) pays and removes what it finds, in any order.
CREATE TABLE referral_fee_queue (
  posting_id bigint PRIMARY KEY
);

-- One statement-level trigger: a ledger post inserting many postings at once queues its fees in one insert.
CREATE FUNCTION referral_queue_fee_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_fee_queue (posting_id)
  SELECT n.id FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id
  WHERE a.platform = 'fees' AND a.user_id IS NULL AND n.amount > 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER referral_queue_fee_postings AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION referral_queue_fee_postings();

-- What the old job had not looked at yet: every fee posting above its horizon without a mark.
INSERT INTO referral_fee_queue (posting_id)
SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
WHERE a.platform = 'fees' AND a.user_id IS NULL AND p.amount > 0
  AND p.id > COALESCE((SELECT last_posting_id FROM referral_cursor WHERE name = 'commission'), 0)
  AND NOT EXISTS (SELECT 1 FROM referral_fee_marks m WHERE m.posting_id = p.id);

DROP TABLE referral_fee_marks;
DROP TABLE referral_cursor;
