-- Operators of the back office: password + mandatory TOTP, a role, revocable sessions.

CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  password_hash text NOT NULL,
  totp_secret text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'support')),
  disabled boolean NOT NULL DEFAULT false,
  -- The last TOTP step used to log in: a code cannot be replayed within its 30 seconds.
  last_totp_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_name_lower ON operators (lower(name));

CREATE TABLE operator_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
