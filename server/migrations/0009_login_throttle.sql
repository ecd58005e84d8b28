-- Failed sign-ins, counted per (account, address) and per account (login-throttle.ts). The key holds the account as
-- typed (normalised), so unknown accounts are counted exactly like real ones and the answers cannot tell them apart.
CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_last_failed_at ON login_failures (last_failed_at);
