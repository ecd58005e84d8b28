-- USDT deposits watched on-chain (EVM networks): a transfer of the token to a user's own address is a deposit like a
-- voucher's, with `source = 'chain'`, recorded while it gains confirmations and credited once after enough of them.
ALTER TABLE deposits ADD COLUMN source text NOT NULL DEFAULT 'voucher' CHECK (source IN ('voucher', 'chain'));
ALTER TABLE deposits ALTER COLUMN voucher_md5 DROP NOT NULL;
ALTER TABLE deposits ALTER COLUMN voucher_type DROP NOT NULL;
ALTER TABLE deposits ADD COLUMN tx_hash text;
ALTER TABLE deposits ADD COLUMN log_index integer;
ALTER TABLE deposits ADD COLUMN block bigint;
-- The hash of the block the transfer was seen in: compared with the chain's before the credit (a replaced block has
-- the same number and another hash).
ALTER TABLE deposits ADD COLUMN block_hash text;
ALTER TABLE deposits ADD COLUMN confirmations integer;
ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check
  CHECK (status IN ('pending', 'review', 'succeeded', 'failed', 'cancelled', 'confirming', 'below_minimum', 'replaced'));
ALTER TABLE deposits ADD CONSTRAINT deposits_source_fields CHECK (
  (source = 'voucher' AND voucher_md5 IS NOT NULL AND voucher_type IS NOT NULL)
  OR (source = 'chain' AND tx_hash IS NOT NULL AND log_index IS NOT NULL AND block IS NOT NULL AND block_hash IS NOT NULL));
-- One transfer is one deposit, whatever a restart or a second process reads again.
CREATE UNIQUE INDEX deposits_chain_once ON deposits (network, tx_hash, log_index) WHERE source = 'chain';
CREATE INDEX deposits_chain_open ON deposits (network, status) WHERE source = 'chain';

-- Each user's derived address per extended public key: the watcher matches a transfer's recipient here.
CREATE TABLE chain_addresses (
  xpub text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL,
  PRIMARY KEY (xpub, user_id)
);
CREATE INDEX chain_addresses_address ON chain_addresses (address);

-- Per network: the last block whose logs were read, the chain's head seen, and the last failure (shown in the back office).
CREATE TABLE chain_cursors (
  network text PRIMARY KEY,
  token_contract text NOT NULL,
  block bigint NOT NULL,
  head bigint,
  error text,
  error_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
