-- Users, sessions, one-time codes, wallet sign-in nonces and bank cards.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  email text,
  password_hash text,
  trade_password_hash text,
  invite_code text NOT NULL UNIQUE,
  inviter_id bigint REFERENCES users (id),
  review_status smallint NOT NULL DEFAULT 0 CHECK (review_status BETWEEN 0 AND 3),
  google_secret text,
  google_pending_secret text,
  frozen boolean NOT NULL DEFAULT false,
  locked_until timestamptz,
  failed_logins integer NOT NULL DEFAULT 0,
  wallet_address text UNIQUE,
  lang text NOT NULL DEFAULT 'en',
  -- Changing the login password, trading password or 2FA locks withdrawals until this time (PRODUCT.md).
  withdraw_locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Accounts and e-mails are unique regardless of case: "Alice" and "alice" are one person.
CREATE UNIQUE INDEX users_account_lower ON users (lower(account));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- Opaque session tokens: only their SHA-256 is stored, so a database leak reveals no usable token.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- E-mail and SMS codes, stored as an HMAC, valid ten minutes, a few attempts each.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  target text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_target ON verification_codes (target, purpose, created_at);

-- One-time texts a browser wallet signs to prove it holds its address.
CREATE TABLE wallet_nonces (
  nonce text PRIMARY KEY,
  address text NOT NULL,
  message text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE bank_cards (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  real_name text NOT NULL,
  bank_name text NOT NULL,
  swift_code text NOT NULL DEFAULT '',
  bank_address text NOT NULL DEFAULT '',
  card_number text NOT NULL,
  username text NOT NULL DEFAULT '',
  payee_country text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  recipient_address text NOT NULL DEFAULT '',
  routing_number text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
