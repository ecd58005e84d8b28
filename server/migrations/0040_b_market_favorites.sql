-- A user's favourite pairs (issue 41), kept on the server so they follow the user to another device.
CREATE TABLE market_favorites (
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);
