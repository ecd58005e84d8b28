import type { Candle, KlineInterval } from "../../contract/market";
import type { Database } from "../platform/db";
import type { Instrument, Tick } from "../feeds";
import { fenceHolds, type Fence } from "../platform/leader";

/**
 * The market's storage, in raw batched SQL: ticks and candles arrive by the thousand, and PGlite pays per
 * statement, so every write is one statement over arrays (`unnest`), whatever the number of rows.
 * Times come back as numbers (`::float8`: ms and seconds are exact in a double), prices as decimal strings.
 */

export interface CandleRow {
  symbol: string;
  interval: KlineInterval;
  candle: Candle;
}

export interface StoredTick {
  symbol: string;
  price: string;
  quantity: string;
  atMs: number;
  source: string;
}

export interface DayRow {
  symbol: string;
  open: string;
  high: string;
  low: string;
  last: string;
  volume: string;
  quoteVolume: string;
}

export interface PairRow {
  symbol: string;
  base: string;
  quote: string;
  kind: "crypto" | "forex" | "metal";
  price_precision: number;
  quantity_step: string;
  quantity_min: string;
  quantity_max: string;
  spread_rate: string;
  contract_size: string;
  trading: boolean;
  sort_order: number;
}

/** Rows per statement when writing history (a statement's arrays stay a few MB). */
const CHUNK = 10_000;

const TICK_COLUMNS = "symbol, trim_scale(price)::text AS price, trim_scale(quantity)::text AS quantity, at_ms::float8 AS \"atMs\", source";

export class MarketStore {
  constructor(private readonly database: Database) {}

  /** Adds the instruments not listed yet (an operator's edits of listed ones are kept). */
  async ensurePairs(instruments: readonly Instrument[]): Promise<void> {
    await this.database.query(
      `INSERT INTO market_pairs (symbol, base, quote, kind, price_precision, quantity_step, quantity_min, quantity_max, spread_rate, contract_size, sort_order)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::int[])
       ON CONFLICT (symbol) DO NOTHING`,
      [
        instruments.map((i) => i.symbol),
        instruments.map((i) => i.base),
        instruments.map((i) => i.quote),
        instruments.map((i) => i.kind),
        instruments.map((i) => i.pricePrecision),
        instruments.map((i) => i.quantityStep),
        instruments.map((i) => i.quantityMin),
        instruments.map((i) => i.quantityMax),
        instruments.map((i) => i.spreadRate),
        instruments.map((i) => i.contractSize),
        instruments.map((_, index) => index),
      ],
    );
  }

  async pairs(): Promise<PairRow[]> {
    return this.database.query<PairRow>(
      `SELECT symbol, base, quote, kind, price_precision, trim_scale(quantity_step)::text AS quantity_step,
              trim_scale(quantity_min)::text AS quantity_min, trim_scale(quantity_max)::text AS quantity_max,
              trim_scale(spread_rate)::text AS spread_rate, trim_scale(contract_size)::text AS contract_size, trading, sort_order
       FROM market_pairs ORDER BY sort_order, symbol`,
    );
  }

  /**
   * One flush of the feed: its ticks and the candles they moved, in one statement (both or neither). With a fence,
   * the statement writes only while the leader's session still holds the feed lock; returns false when fenced off.
   */
  async writeFlush(ticks: readonly Tick[], candles: readonly CandleRow[], fence: Fence | null = null): Promise<boolean> {
    if (ticks.length === 0 && candles.length === 0) return true;
    const guard = fence
      ? fenceHolds(14, 15)
      : "SELECT true AS ok";
    const rows = await this.database.query<{ ok: boolean }>(
      `WITH fence AS (${guard}),
       ticks AS (
         INSERT INTO market_ticks (symbol, at_ms, price, quantity, source)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::numeric[], $4::numeric[], $5::text[]) WHERE (SELECT ok FROM fence)
         ON CONFLICT (symbol, at_ms) DO NOTHING
       ),
       candles AS (
         INSERT INTO market_klines (symbol, interval, t, o, h, l, c, v)
         SELECT * FROM unnest($6::text[], $7::text[], $8::bigint[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[])
         WHERE (SELECT ok FROM fence)
         ON CONFLICT (symbol, interval, t) DO UPDATE SET o = EXCLUDED.o, h = EXCLUDED.h, l = EXCLUDED.l, c = EXCLUDED.c, v = EXCLUDED.v
       )
       SELECT ok FROM fence`,
      [
        ticks.map((t) => t.symbol),
        ticks.map((t) => t.atMs),
        ticks.map((t) => t.price),
        ticks.map((t) => t.quantity),
        ticks.map((t) => t.source),
        ...candleColumns(candles),
        ...(fence ? [fence.key, fence.pid] : []),
      ],
    );
    return rows[0]?.ok === true;
  }

  /** Many candles (history), in chunks. */
  async writeCandles(candles: readonly CandleRow[]): Promise<void> {
    for (let i = 0; i < candles.length; i += CHUNK) {
      await this.database.query(UPSERT_CANDLES, candleColumns(candles.slice(i, i + CHUNK)));
    }
  }

  /** The last recorded tick of each pair. */
  async lastTicks(symbols: readonly string[]): Promise<StoredTick[]> {
    if (symbols.length === 0) return [];
    return this.database.query<StoredTick>(
      `SELECT s.symbol, t.price, t.quantity, t."atMs", t.source
       FROM unnest($1::text[]) AS s(symbol)
       CROSS JOIN LATERAL (
         SELECT trim_scale(price)::text AS price, trim_scale(quantity)::text AS quantity, at_ms::float8 AS "atMs", source
         FROM market_ticks WHERE symbol = s.symbol ORDER BY at_ms DESC LIMIT 1
       ) t`,
      [symbols],
    );
  }

  /** The latest candle of every interval of each pair (the ones still open, or the last before a gap). */
  async latestCandles(symbols: readonly string[], intervals: readonly KlineInterval[]): Promise<CandleRow[]> {
    if (symbols.length === 0) return [];
    const rows = await this.database.query<{ symbol: string; interval: KlineInterval } & Candle>(
      `SELECT s.symbol, i.interval, k.t, k.o, k.h, k.l, k.c, k.v
       FROM unnest($1::text[]) AS s(symbol)
       CROSS JOIN unnest($2::text[]) AS i(interval)
       CROSS JOIN LATERAL (
         SELECT t::float8 AS t, trim_scale(o)::text AS o, trim_scale(h)::text AS h, trim_scale(l)::text AS l,
                trim_scale(c)::text AS c, trim_scale(v)::text AS v
         FROM market_klines WHERE symbol = s.symbol AND interval = i.interval ORDER BY t DESC LIMIT 1
       ) k`,
      [symbols, intervals],
    );
    return rows.map(({ symbol, interval, ...candle }) => ({ symbol, interval, candle }));
  }

  /** 1 m candles of the pairs opened at or after `fromSeconds`, oldest first (the rolling 24 h window). */
  async minuteCandles(symbols: readonly string[], fromSeconds: number): Promise<CandleRow[]> {
    if (symbols.length === 0) return [];
    const rows = await this.database.query<{ symbol: string } & Candle>(
      `SELECT symbol, t::float8 AS t, trim_scale(o)::text AS o, trim_scale(h)::text AS h, trim_scale(l)::text AS l,
              trim_scale(c)::text AS c, trim_scale(v)::text AS v
       FROM market_klines WHERE symbol = ANY($1::text[]) AND interval = '1m' AND t >= $2 ORDER BY symbol, t`,
      [symbols, fromSeconds],
    );
    return rows.map(({ symbol, ...candle }) => ({ symbol, interval: "1m" as const, candle }));
  }

  /**
   * Each pair's 24 h figures from the 1 m candles opened after `afterSeconds`, computed in the database (a
   * process starting up needs the figures, not the 1,440 minutes behind them).
   */
  async dayFigures(symbols: readonly string[], afterSeconds: number): Promise<DayRow[]> {
    if (symbols.length === 0) return [];
    return this.database.query<DayRow>(
      `SELECT symbol,
              (array_agg(trim_scale(o)::text ORDER BY t))[1] AS open,
              trim_scale(max(h))::text AS high,
              trim_scale(min(l))::text AS low,
              (array_agg(trim_scale(c)::text ORDER BY t DESC))[1] AS last,
              trim_scale(sum(v))::text AS volume,
              trim_scale(round(sum(v * (h + l + c) / 3), 8))::text AS "quoteVolume"
       FROM market_klines WHERE symbol = ANY($1::text[]) AND interval = '1m' AND t > $2 GROUP BY symbol`,
      [symbols, afterSeconds],
    );
  }

  /** Up to `limit` candles opened at or before `toSeconds`, oldest first, prices with `precision` decimals. */
  async klines(symbol: string, interval: KlineInterval, toSeconds: number, limit: number, precision: number): Promise<Candle[]> {
    const rows = await this.database.query<Candle>(
      `SELECT t::float8 AS t, round(o, $5)::text AS o, round(h, $5)::text AS h, round(l, $5)::text AS l, round(c, $5)::text AS c,
              trim_scale(v)::text AS v
       FROM market_klines WHERE symbol = $1 AND interval = $2 AND t <= $3 ORDER BY t DESC LIMIT $4`,
      [symbol, interval, toSeconds, limit, precision],
    );
    return rows.reverse();
  }

  /** The last tick at or before `atMs` (what the price was then). */
  async tickAtOrBefore(symbol: string, atMs: number): Promise<StoredTick | null> {
    const rows = await this.database.query<StoredTick>(
      `SELECT ${TICK_COLUMNS} FROM market_ticks WHERE symbol = $1 AND at_ms <= $2 ORDER BY at_ms DESC LIMIT 1`,
      [symbol, atMs],
    );
    return rows[0] ?? null;
  }

  /** The first tick at or after `atMs` (an option expiring then settles on it). */
  async tickAtOrAfter(symbol: string, atMs: number): Promise<StoredTick | null> {
    const rows = await this.database.query<StoredTick>(
      `SELECT ${TICK_COLUMNS} FROM market_ticks WHERE symbol = $1 AND at_ms >= $2 ORDER BY at_ms LIMIT 1`,
      [symbol, atMs],
    );
    return rows[0] ?? null;
  }

  /** Ticks in [fromMs, toMs], oldest first (an engine replaying what it missed). */
  async ticksBetween(symbol: string, fromMs: number, toMs: number, limit = 10_000): Promise<StoredTick[]> {
    return this.database.query<StoredTick>(
      `SELECT ${TICK_COLUMNS} FROM market_ticks WHERE symbol = $1 AND at_ms >= $2 AND at_ms <= $3 ORDER BY at_ms LIMIT $4`,
      [symbol, fromMs, toMs, limit],
    );
  }

  /** Drops ticks older than `beforeMs`; returns how many. */
  async pruneTicks(beforeMs: number): Promise<number> {
    const rows = await this.database.query<{ n: number }>(
      "WITH gone AS (DELETE FROM market_ticks WHERE at_ms < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone",
      [beforeMs],
    );
    return rows[0]?.n ?? 0;
  }

  /** Drops candles of one interval opened before `beforeSeconds` (fine intervals are not kept forever). */
  async pruneKlines(symbols: readonly string[], interval: KlineInterval, beforeSeconds: number): Promise<void> {
    await this.database.query("DELETE FROM market_klines WHERE symbol = ANY($1::text[]) AND interval = $2 AND t < $3", [symbols, interval, beforeSeconds]);
  }
}

/** Upserts candles as absolute values (the aggregator holds the whole candle). Parameters $1..$8. */
const UPSERT_CANDLES = `INSERT INTO market_klines (symbol, interval, t, o, h, l, c, v)
  SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[])
  ON CONFLICT (symbol, interval, t) DO UPDATE SET o = EXCLUDED.o, h = EXCLUDED.h, l = EXCLUDED.l, c = EXCLUDED.c, v = EXCLUDED.v`;

function candleColumns(rows: readonly CandleRow[]): unknown[] {
  return [
    rows.map((r) => r.symbol),
    rows.map((r) => r.interval),
    rows.map((r) => r.candle.t),
    rows.map((r) => r.candle.o),
    rows.map((r) => r.candle.h),
    rows.map((r) => r.candle.l),
    rows.map((r) => r.candle.c),
    rows.map((r) => r.candle.v),
  ];
}
