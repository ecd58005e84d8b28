-- Passkeys (WebAuthn): a user's registered credentials, and the challenges handed out for them. Challenges live
-- here, not in a process's memory, so any process may answer the ceremony another one started.
CREATE TABLE passkeys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  -- The authenticator's credential id, base64url (what the browser names in `id`).
  credential_id text NOT NULL UNIQUE,
  -- The COSE public key as the authenticator gave it at registration.
  public_key bytea NOT NULL,
  -- The signature counter last seen; an assertion must go beyond it (0 stays 0 for authenticators without one).
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  -- register (a new passkey), login (sign-in), step_up (a signed-in user confirming a sensitive change)
  purpose text NOT NULL,
  -- The user it was issued for: always for register and step_up; for login only when an account was named.
  user_id bigint REFERENCES users(id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
