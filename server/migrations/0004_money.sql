-- Money: the double-entry ledger (accounts, journal entries, postings, holds), idempotency keys of money-moving
-- calls, and the funding records (withdrawal addresses, withdrawals, deposits, flash exchanges).
-- server/src/ledger/README.md states the invariants these tables keep.

-- A user's account per currency keeps its balance in two buckets, available and frozen (held), both never negative.
-- Platform accounts (fees, treasury, deposits in transit...) keep no balance row at all: they are hot, so their
-- balance is the sum of their postings (append-only), and nothing ever locks or updates them.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  platform text CHECK (platform ~ '^[a-z][a-z0-9_]*$'),
  currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
  available numeric(36, 18),
  frozen numeric(36, 18),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (platform IS NULL)),
  CHECK (user_id IS NULL OR (available IS NOT NULL AND frozen IS NOT NULL)),
  CHECK (available >= 0),
  CHECK (frozen >= 0),
  CHECK (platform IS NULL OR (available IS NULL AND frozen IS NULL))
);
CREATE UNIQUE INDEX ledger_accounts_user ON ledger_accounts (user_id, currency) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_platform ON ledger_accounts (platform, currency) WHERE platform IS NOT NULL;

-- A journal entry: why money moved (cause), what kind of move it was, and a unique idempotency key so the same
-- business event can never post twice. Its postings sum to zero per currency.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  cause_kind text NOT NULL,
  cause_id text NOT NULL,
  -- A human reason (manual adjustments must carry one); shown in the user's ledger.
  memo text,
  actor_kind text CHECK (actor_kind IN ('user', 'operator', 'system')),
  actor_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_cause ON ledger_entries (cause_kind, cause_id);

-- One leg of an entry on one bucket of one account. Append-only: a correction is a new entry, never an update.
-- User postings record the bucket's balance before and after; platform postings don't (no balance row to read).
CREATE TABLE ledger_postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  user_id bigint,
  currency text NOT NULL,
  bucket text NOT NULL CHECK (bucket IN ('available', 'frozen')),
  amount numeric(36, 18) NOT NULL CHECK (amount <> 0),
  balance_before numeric(36, 18),
  balance_after numeric(36, 18),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) = (balance_after IS NULL)),
  CHECK ((balance_before IS NULL) = (balance_after IS NULL)),
  CHECK (balance_after IS NULL OR (balance_after >= 0 AND balance_after = balance_before + amount))
);
CREATE INDEX ledger_postings_entry ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, id);
CREATE INDEX ledger_postings_user ON ledger_postings (user_id, currency, id) WHERE user_id IS NOT NULL;

-- Two-phase transfers (TigerBeetle style): a hold moves available -> frozen; it is later posted (the frozen money
-- leaves) or voided (it returns to available), exactly once.
CREATE TABLE ledger_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  cause_kind text NOT NULL,
  cause_id text NOT NULL,
  hold_entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  resolve_entry_id bigint REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK ((status = 'pending') = (resolve_entry_id IS NULL))
);
CREATE INDEX ledger_holds_user ON ledger_holds (user_id, status);

-- Client-generated keys of money-moving calls: a repeat returns the stored first answer and moves nothing; a
-- repeat with another body is refused. The row is written in the same transaction as the money it guards.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id),
  key text NOT NULL,
  scope text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- The withdrawal address book: only its owner uses or deletes an address.
CREATE TABLE withdraw_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX withdraw_addresses_unique ON withdraw_addresses (user_id, currency, network, address);

-- Withdrawal requests. The amount is held (frozen) from the request until the operator pays it out or refuses it.
CREATE TABLE withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  address_id bigint,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  fee numeric(36, 18) NOT NULL CHECK (fee >= 0),
  receive numeric(36, 18) NOT NULL CHECK (receive > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'review', 'succeeded', 'failed', 'cancelled')),
  hold_id bigint REFERENCES ledger_holds (id),
  tx_hash text,
  reason text,
  reviewed_by bigint,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount = fee + receive)
);
-- "Only one pending request": held by the database too, so a burst of parallel requests cannot slip past it.
CREATE UNIQUE INDEX withdrawals_one_open ON withdrawals (user_id) WHERE status IN ('pending', 'review');
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);

-- Deposits by payment voucher: credited from "deposits in transit" when an operator approves, exactly once.
CREATE TABLE deposits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'review', 'succeeded', 'failed', 'cancelled')),
  -- The voucher image: kept by the uploads module (voucher_upload_id) or in voucher_path, with its md5.
  voucher_upload_id bigint,
  voucher_path text,
  voucher_md5 text NOT NULL,
  voucher_type text NOT NULL,
  entry_id bigint REFERENCES ledger_entries (id),
  reason text,
  reviewed_by bigint,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_user ON deposits (user_id, id);
-- The same screenshot cannot back two deposits (a cancelled one frees it: the user may resubmit it).
CREATE UNIQUE INDEX deposits_voucher_once ON deposits (voucher_md5) WHERE status <> 'cancelled';
CREATE INDEX deposits_status ON deposits (status, id);

-- Flash exchange (conversion between a user's wallets) at the price of the moment, with its fee.
CREATE TABLE flash_exchanges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  fee numeric(36, 18) NOT NULL CHECK (fee >= 0),
  rate numeric(36, 18) NOT NULL CHECK (rate > 0),
  received numeric(36, 18) NOT NULL CHECK (received > 0),
  entry_id bigint REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flash_exchanges_user ON flash_exchanges (user_id, id);

-- Deposit screenshots, kept in the database (every API process sees them; backups include them). Served only to
-- their owner and to operators.
CREATE TABLE deposit_vouchers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  md5 text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
