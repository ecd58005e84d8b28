-- Platform tables every domain leans on: settings, the audit log, the outbox of mails and texts.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Who did what, when: every operator action and every security-relevant user action.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_kind text NOT NULL CHECK (actor_kind IN ('operator', 'user', 'system')),
  actor_id bigint,
  action text NOT NULL,
  target_kind text,
  target_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id);
CREATE INDEX audit_log_created ON audit_log (created_at);

-- Every e-mail and text the platform sends. With SMTP configured it is also delivered; otherwise this table is
-- where it stays (tests and the back office read it). Nothing pretends a code was sent.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  transport text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
