-- Markets: the listed pairs and their trading rules, the recorded ticks every settlement refers to, and the klines
-- aggregated from them (server/src/market/).

-- A pair's trading rules. Rows are created from the code's instrument list at start; an operator edits them
-- (audited). Prices are never edited here: they only come from the feed.
CREATE TABLE market_pairs (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{2,12}/[A-Z0-9]{2,12}$'),
  base text NOT NULL,
  quote text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('crypto', 'forex', 'metal')),
  price_precision integer NOT NULL CHECK (price_precision BETWEEN 0 AND 10),
  quantity_step numeric(36, 18) NOT NULL CHECK (quantity_step > 0),
  quantity_min numeric(36, 18) NOT NULL CHECK (quantity_min > 0),
  quantity_max numeric(36, 18) NOT NULL,
  spread_rate numeric(36, 18) NOT NULL CHECK (spread_rate >= 0 AND spread_rate < 0.1),
  contract_size numeric(36, 18) NOT NULL DEFAULT 1 CHECK (contract_size > 0),
  trading boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (quantity_max >= quantity_min)
);

-- Every tick the engines use, at the feed's rate: a settlement names its tick by (symbol, at_ms) and shows this
-- row's price. At most one tick per pair per millisecond, and a pair's ticks only move forward in time.
-- Kept for a retention period (pruned by the feed leader); settlements copy the tick they used.
CREATE TABLE market_ticks (
  symbol text NOT NULL,
  at_ms bigint NOT NULL,
  price numeric(36, 18) NOT NULL CHECK (price > 0),
  quantity numeric(36, 18) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  source text NOT NULL,
  PRIMARY KEY (symbol, at_ms)
);
-- Ticks are appended in time order: a BRIN index makes the retention prune cheap at any volume.
CREATE INDEX market_ticks_at ON market_ticks USING brin (at_ms);

-- Candles of every interval, aggregated from the ticks (and from simulated history while the source is sim).
-- t is the open time in seconds (the interval's UTC boundary; weeks start on Monday).
CREATE TABLE market_klines (
  symbol text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')),
  t bigint NOT NULL,
  o numeric(36, 18) NOT NULL,
  h numeric(36, 18) NOT NULL,
  l numeric(36, 18) NOT NULL,
  c numeric(36, 18) NOT NULL,
  v numeric(36, 18) NOT NULL DEFAULT 0,
  PRIMARY KEY (symbol, interval, t),
  CHECK (l <= o AND l <= c AND h >= o AND h >= c AND l > 0)
);
