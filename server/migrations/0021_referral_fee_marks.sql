-- Referral commission exactly once per fee posting, late commits included. Posting ids are taken when a row is
-- inserted, not when its transaction commits: a fee posting may become visible after one with a higher id was
-- processed, and a plain "last id seen" cursor would skip it for ever. Each fee posting the job has looked at is
-- marked here (paid or not); the job scans fee postings above a horizon that trails the marks by a time window
-- (referral.service.ts), skipping marked ones. referral_cursor.last_posting_id is now that horizon: every fee
-- posting at or below it has been looked at, and marks at or below it are pruned.
CREATE TABLE referral_fee_marks (
  posting_id bigint PRIMARY KEY,
  -- The database's clock (not the app's): the window is about how long a transaction can stay open.
  marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_fee_marks_at ON referral_fee_marks (marked_at);
