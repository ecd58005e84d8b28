-- Security centre: the user's anti-phishing code (shown in every e-mail and notice the platform sends) and the
-- login history (every password or wallet sign-in attempt on a known account, throttled ones included).
ALTER TABLE users ADD COLUMN anti_phishing_code text;

CREATE TABLE login_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  at timestamptz NOT NULL,
  ip text NOT NULL,
  user_agent text NOT NULL,
  -- success | wrong_password | throttled | frozen | locked
  outcome text NOT NULL,
  -- A sign-in from a user agent this account never had a session on (the owner is told).
  new_device boolean NOT NULL DEFAULT false
);
CREATE INDEX login_events_user_at ON login_events (user_id, at DESC, id DESC);
CREATE INDEX sessions_user_live ON sessions (user_id) WHERE revoked_at IS NULL;
