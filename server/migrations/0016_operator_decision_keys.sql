-- Idempotency keys of operators' decisions (approve, reject): the first answer of each key, like idempotency_keys for
-- users' money calls (platform/idempotency.ts), owned by an operator.
CREATE TABLE operator_idempotency_keys (
  operator_id bigint NOT NULL REFERENCES operators (id),
  key text NOT NULL,
  scope text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (operator_id, key)
);
