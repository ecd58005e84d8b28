import { z } from "zod";
import { call } from "./define";
import { decimalString, id, msg, seconds, signedDecimalString, wholeNumber } from "./common";

/**
 * Market data: quotations (tickers), klines, pair metadata, the arbitrage scanner, the back office's pair and feed
 * pages, and the shapes of the realtime socket `/ws`.
 *
 * Conventions: prices, quantities and volumes are decimal strings; times are seconds (a tick's own time is in
 * milliseconds, `at_ms`, because options settle on the first tick at or after a second); rates are fractions
 * (0.001 = 0.1%) except `change_24h`, which is a percentage as every exchange shows it ("-1.25" = -1.25%).
 */

export const marketKinds = ["crypto", "forex", "metal"] as const;
export const marketKind = z.enum(marketKinds, msg("PARAMETER_ERROR"));
export type MarketKind = z.infer<typeof marketKind>;

export const klineIntervals = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const;
export const klineInterval = z.enum(klineIntervals, msg("PARAMETER_ERROR"));
export type KlineInterval = z.infer<typeof klineInterval>;

/**
 * Where a pair's prices come from: the simulator (demo data), a crypto venue's public stream (a pair priced by
 * several venues names the first one configured), or OANDA's pricing stream (forex and metals).
 */
export const marketSources = ["sim", "binance", "okx", "bybit", "oanda"] as const;
export const marketSource = z.enum(marketSources);
export type MarketSource = z.infer<typeof marketSource>;

/** `BASE/QUOTE` (`BTC/USDT`, `EUR/USD`); `btc/usdt`, `BTC-USDT` and `BTC_USDT` are read as `BTC/USDT`. */
export const pairSymbol = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/[-_]/g, "/"))
  .pipe(z.string().regex(/^[A-Z0-9]{2,12}\/[A-Z0-9]{2,12}$/, msg("PAIR_NOT_FOUND")));

/** One pair's ticker: the last price and the rolling 24 h figures. The socket's ticker `data` has the same shape. */
export const quotation = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  kind: marketKind,
  /** The last traded (reference) price, with the pair's price precision. */
  last: decimalString,
  /** The price 24 h ago (the first price of the rolling window). */
  open_24h: decimalString,
  high_24h: decimalString,
  low_24h: decimalString,
  /** Percentage change of `last` against `open_24h`, two decimals ("2.35" = +2.35%). */
  change_24h: signedDecimalString,
  /** 24 h volume in the base asset (BTC for BTC/USDT). */
  volume_24h: decimalString,
  /** 24 h volume in the quote asset (USDT for BTC/USDT): compares across pairs. */
  quote_volume_24h: decimalString,
  /** The platform's quote around `last`: `last` -/+ half the pair's spread, rounded outwards to the precision. */
  bid: decimalString,
  ask: decimalString,
  price_precision: z.number().int(),
  /**
   * The pair can be traded now: switched on by the operators (they can switch it off for everybody) and priced by a
   * tick no older than its kind's maximum age. What shows as tradable is tradable: the order calls apply the same rule.
   */
  trading: z.boolean(),
  /** Switched on, but its last tick is too old to trade on (feed outage, a restart): prices paused, orders refused. */
  paused: z.boolean(),
  /** How old the pair's last recorded tick is (ms) when the answer was made; null before the first tick. */
  tick_age_ms: z.number().int().nonnegative().nullable(),
  /** The oldest tick the pair's kind trades on (ms): a screen showing this quote marks it paused once it is older. */
  tick_max_age_ms: z.number().int().positive(),
  /** `sim` is simulated demo data: every price screen shows a "demo market data" badge for it. */
  source: marketSource,
  /** Time of the last tick, seconds. */
  updated_at: seconds,
});
export type Quotation = z.infer<typeof quotation>;

/** One candle: open time `t` (seconds, the interval's boundary in UTC; weeks start on Monday), prices, base volume. */
export const candle = z.object({
  t: seconds,
  o: decimalString,
  h: decimalString,
  l: decimalString,
  c: decimalString,
  v: decimalString,
});
export type Candle = z.infer<typeof candle>;

export const quotations = call({
  method: "GET",
  path: "currency/quotation_new",
  access: "public",
  summary: "Every pair's ticker: last price, 24 h open/high/low/change/volume, trading switch",
  tags: ["market"],
  input: z.object({ kind: marketKind.optional() }),
  output: z.array(quotation),
});

export const klineQuery = z.object({
  symbol: pairSymbol,
  interval: klineInterval.default("1m"),
  /** How many candles, newest last (1-1000). */
  limit: wholeNumber(1, 1000).default(300),
  /** Only candles opened at or before this time (seconds): pages back through history. Default: now. */
  to: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});

export const klines = call({
  method: "GET",
  path: "currency/new_timeshar",
  access: "user",
  summary: "Candles of a pair for one interval, oldest first; the last one is the candle still open",
  tags: ["market"],
  input: klineQuery,
  output: z.array(candle),
});

export const fxQuotations = call({
  method: "GET",
  path: "currency/whlist",
  access: "user",
  summary: "Tickers of the forex and metal pairs",
  tags: ["market"],
  input: z.object({ kind: z.enum(["forex", "metal"], msg("PARAMETER_ERROR")).optional() }),
  output: z.array(quotation),
});

export const fxKlines = call({
  method: "GET",
  path: "currency/whkdata",
  access: "user",
  summary: "Candles of a forex or metal pair (a crypto pair is refused: use currency/new_timeshar)",
  tags: ["market"],
  input: klineQuery,
  output: z.array(candle),
});

/**
 * The terms of a pair an operator's change reaches only after a published notice (CONTRACT "Precisions added in
 * wave 3"): a wider spread waits `notice_hours` (an operator setting, at least 24 h); a narrower one applies at once.
 */
export const termNames = ["spread_rate"] as const;
export const termName = z.enum(termNames);
export type TermName = z.infer<typeof termName>;

/** An announced change of a pair's term that has not taken effect yet: where users decide, they see it coming. */
export const upcomingTermChange = z.object({
  id: z.number().int(),
  term: termName,
  from: decimalString,
  to: decimalString,
  /** When it was announced, and when it applies to new orders (seconds). */
  announced_at: seconds,
  effective_at: seconds,
});
export type UpcomingTermChange = z.infer<typeof upcomingTermChange>;

/** A pair's trading rules. Quantities are in the base asset (lots of `contract_size` units for forex and metals). */
export const pair = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  kind: marketKind,
  /** Decimals of a price. */
  price_precision: z.number().int(),
  /** An order's quantity is a whole multiple of this. */
  quantity_step: decimalString,
  quantity_min: decimalString,
  quantity_max: decimalString,
  trading: z.boolean(),
  /** The platform's full bid/ask spread as a fraction of the price (0.0004 = 0.04%). */
  spread_rate: decimalString,
  /** Units of the base asset in one lot (1 for crypto, 100000 for EUR/USD, 100 oz for XAU/USD). */
  contract_size: decimalString,
  source: marketSource,
  /** Announced changes of its terms that have not taken effect yet (earliest first; empty: none). */
  upcoming: z.array(upcomingTermChange).optional(),
});
export type Pair = z.infer<typeof pair>;

export const pairs = call({
  method: "GET",
  path: "currency/pairs",
  access: "public",
  summary: "Pair metadata: price precision, quantity step, minimum and maximum, spread, trading on or off",
  tags: ["market"],
  input: z.object({ symbol: pairSymbol.optional(), kind: marketKind.optional() }),
  output: z.array(pair),
});

/** [price, quantity] of one level of a venue's book. */
export const depthLevel = z.tuple([decimalString, decimalString]);

/**
 * A pair's order book as one of its venues shows it (the freshest), best first. It informs: the platform fills at its
 * own quote (the venue price plus the pair's spread), never at these levels. Simulated pairs show a simulated book
 * (`source: sim`). `venue` and `at_ms` are null before any book arrived.
 */
export const depthBook = z.object({
  symbol: z.string(),
  venue: z.string().nullable(),
  bids: z.array(depthLevel),
  asks: z.array(depthLevel),
  at_ms: z.number().int().nullable(),
  source: marketSource,
});
export type Depth = z.infer<typeof depthBook>;

export const depth = call({
  method: "GET",
  path: "currency/depth",
  access: "public",
  summary: "A pair's order book at its venue (best first): informative, the platform fills at its own quote",
  tags: ["market"],
  input: z.object({ symbol: pairSymbol, limit: wholeNumber(5, 50).default(20) }),
  output: depthBook,
});

export const recentTrade = z.object({
  price: decimalString,
  quantity: decimalString,
  /** The taker's side. */
  side: z.enum(["buy", "sell"]),
  at_ms: z.number().int(),
  venue: z.string(),
});
export type RecentTrade = z.infer<typeof recentTrade>;

export const trades = call({
  method: "GET",
  path: "currency/trades",
  access: "public",
  summary: "A pair's recent trades at its venues, newest first (none for OANDA's prices, which carry no trades)",
  tags: ["market"],
  input: z.object({ symbol: pairSymbol, limit: wholeNumber(1, 100).default(50) }),
  output: z.object({ list: z.array(recentTrade) }),
});

/** A venue that quotes prices (an exchange, or a simulated one). `connected` is live: it has quoted recently. */
export const venue = z.object({
  id: z.string(),
  name: z.string(),
  source: marketSource,
  connected: z.boolean(),
  /** Taker fee per trade on that venue, a fraction (configured). */
  fee_rate: decimalString,
  /** Pairs it has quoted. */
  pairs: z.number().int(),
  /** Time of its last quote, seconds (null: never). */
  last_quote_at: seconds.nullable(),
});
export type Venue = z.infer<typeof venue>;

/** Per pair: the best bid and the best ask across venues, and what buying at one and selling at the other leaves. */
export const arbitrageRow = z.object({
  symbol: z.string(),
  kind: marketKind,
  /** Where to buy: the lowest ask. */
  ask_venue: z.string(),
  best_ask: decimalString,
  /** Where to sell: the highest bid. */
  bid_venue: z.string(),
  best_bid: decimalString,
  /** best_bid - best_ask (negative: no crossing). */
  spread: signedDecimalString,
  /** spread / best_ask. */
  spread_rate: signedDecimalString,
  /** Both venues' taker fees. */
  fee_rate: decimalString,
  /** spread_rate - fee_rate: what a round trip keeps. */
  net_rate: signedDecimalString,
  profitable: z.boolean(),
  /** Venues quoting this pair right now. */
  venues: z.number().int(),
  updated_at: seconds,
});
export type ArbitrageRow = z.infer<typeof arbitrageRow>;

export const arbitrageScan = z.object({
  /** Counted from the live adapters, never configured. */
  connected_venues: z.number().int(),
  venues: z.array(venue),
  /** Best net rate first. */
  list: z.array(arbitrageRow),
  /** Rows with a positive net rate. */
  opportunities: z.number().int(),
  updated_at: seconds,
});
export type ArbitrageScan = z.infer<typeof arbitrageScan>;

export const arbitrage = call({
  method: "GET",
  path: "arbitrage/opportunities",
  access: "public",
  summary: "The arbitrage scanner: per pair the best bid and ask across venues and the spread net of fees",
  tags: ["market"],
  input: z.object({
    /** true: only the pairs whose net rate is positive. */
    profitable: z.stringbool(msg("PARAMETER_ERROR")).optional(),
    kind: marketKind.optional(),
  }),
  output: arbitrageScan,
});

// ----- back office -----

export const backofficePairs = call({
  method: "GET",
  path: "backoffice/market/pairs",
  access: "operator",
  summary: "Every pair's trading rules, for editing",
  tags: ["backoffice", "market"],
  input: z.object({ kind: marketKind.optional() }),
  output: z.array(pair),
});

export const updatePair = call({
  method: "POST",
  path: "backoffice/market/pairs/update",
  access: "operator",
  summary:
    "Change a pair's trading switch, precision, quantity step, minimum, maximum or spread (audited); a wider spread is scheduled after the notice period and announced to every user, a narrower one applies at once and is announced",
  tags: ["backoffice", "market"],
  input: z.object({
    symbol: pairSymbol,
    trading: z.boolean(msg("PARAMETER_ERROR")).optional(),
    price_precision: wholeNumber(0, 10).optional(),
    quantity_step: decimalString.optional(),
    quantity_min: decimalString.optional(),
    quantity_max: decimalString.optional(),
    spread_rate: decimalString.optional(),
    /** Why (kept in the audit log; shown to users with a trading switch-off). */
    reason: z.string().trim().max(200).optional(),
  }),
  output: pair,
});

/**
 * The configurations whose terms go through the same notice (issue 25): the leveraged rules (fees, maintenance,
 * swaps, leverages), the spot fee rates and the option payout rates. A change of one is kept whole: the pending row
 * holds the new configuration, applied as one value at its time.
 */
export const configTermNames = ["positions.config", "spot.config", "options.config"] as const;
export const configTermName = z.enum(configTermNames);
export type ConfigTermName = z.infer<typeof configTermName>;
export type AnyTermName = TermName | ConfigTermName;

/** The terms of a configuration a change can make worse for users (higher rates, lower leverage cap, lower payout). */
export const configTermFields = ["fee_rate", "maintenance_rate", "swap_long_rate", "swap_short_rate", "max_leverage", "payout_rate"] as const;

/** One announced line of a configuration's change: which term, for what (a kind, a pair or "default"), old -> new. */
export const configTermLine = z.object({
  /** crypto, forex or metal; a pair's symbol (its own override); "default" (spot's rate of every other pair). */
  scope: z.string(),
  field: z.enum(configTermFields),
  /** An option period's length (payout rates only). */
  seconds: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** Worse for users: the whole change waits for the notice period. */
  worse: z.boolean(),
});
export type ConfigTermLine = z.infer<typeof configTermLine>;

/** A change of a pair's term, or of a whole configuration, as the back office sees it: pending, applied or cancelled, with its notices. */
export const termChange = upcomingTermChange.extend({
  term: z.enum([...termNames, ...configTermNames]),
  /** The pair; null for a configuration's change. */
  symbol: z.string().nullable(),
  /** The term's old and new values; null for a configuration's change (see `changes`). */
  from: decimalString.nullable(),
  to: decimalString.nullable(),
  /** A configuration's change: the announced lines, and the whole configuration that applies at `effective_at`. */
  changes: z.array(configTermLine).nullable(),
  to_config: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(["pending", "applied", "cancelled"]),
  reason: z.string().nullable(),
  /** The published notices (news items): the announcement and, once cancelled, the cancellation. */
  notice_id: z.number().int().nullable(),
  cancel_notice_id: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  applied_at: seconds.nullable(),
  cancelled_at: seconds.nullable(),
  cancel_reason: z.string().nullable(),
});
export type TermChange = z.infer<typeof termChange>;

/** The notice period: at least 24 h (a user gets a full day to decide), at most 30 days. */
export const TERM_NOTICE_MIN_HOURS = 24;
export const TERM_NOTICE_MAX_HOURS = 720;

export const termChanges = call({
  method: "GET",
  path: "backoffice/market/terms",
  access: "operator",
  summary: "Announced changes of pairs' terms and of the leveraged, spot and options configurations (pending first, then the latest applied or cancelled) and the notice period",
  tags: ["backoffice", "market"],
  input: z.object({ symbol: pairSymbol.optional() }),
  output: z.object({
    notice_hours: z.number().int(),
    min_notice_hours: z.number().int(),
    max_notice_hours: z.number().int(),
    list: z.array(termChange),
  }),
});

export const saveTermNotice = call({
  method: "POST",
  path: "backoffice/market/terms/notice",
  access: "operator",
  summary: "Set the notice period a worse change of a pair's terms or of a configuration waits before it applies (audited; applies to changes made after it)",
  tags: ["backoffice", "market"],
  input: z.object({
    notice_hours: wholeNumber(TERM_NOTICE_MIN_HOURS, TERM_NOTICE_MAX_HOURS, msg("TERM_NOTICE_RANGE")),
    reason: z.string().trim().max(200).optional(),
  }),
  output: z.object({ notice_hours: z.number().int() }),
});

export const cancelTermChange = call({
  method: "POST",
  path: "backoffice/market/terms/cancel",
  access: "operator",
  summary: "Cancel an announced change of a pair's terms or of a configuration before it takes effect (audited, and the cancellation is announced to every user)",
  tags: ["backoffice", "market"],
  input: z.object({
    id: id(),
    reason: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(200),
  }),
  output: termChange,
});

export const feedPair = z.object({
  symbol: z.string(),
  kind: marketKind,
  source: marketSource,
  last: decimalString.nullable(),
  /** Time of the pair's last tick (ms), and its age when asked (ms); null: no tick yet. */
  last_tick_at_ms: z.number().int().nullable(),
  age_ms: z.number().int().nullable(),
  trading: z.boolean(),
});
export type FeedPair = z.infer<typeof feedPair>;

/** A venue or source on the feed page: the arbitrage list's fields, and its connection's figures. */
export const feedVenue = venue.extend({
  /** Switched off by an operator: its prices count for nothing (its connection stays open). */
  off: z.boolean(),
  /** An operator may switch it off (the crypto venues; OANDA and the simulator are their pairs' only source). */
  switchable: z.boolean(),
  /** Connections opened after the first, since the feed started. */
  reconnects: z.number().int(),
  /** Messages received per second, over the last few seconds. */
  messages_per_s: z.number(),
  /** The venue's own time of its latest trade or price (ms), and its age when asked (ms); null: none yet. */
  last_tick_at_ms: z.number().int().nullable(),
  tick_age_ms: z.number().int().nullable(),
});
export type FeedVenue = z.infer<typeof feedVenue>;

export const switchVenue = call({
  method: "POST",
  path: "backoffice/market/feed/venue",
  access: "operator",
  summary: "Switch a crypto venue off for everybody (its prices drop out of every pair's quote; a pair pauses only if no fresh venue remains) or on again: audited and announced to every user",
  tags: ["backoffice", "market"],
  input: z.object({
    venue: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(32),
    off: z.boolean(msg("PARAMETER_ERROR")),
    reason: z.string().trim().max(200).optional(),
  }),
  output: z.object({ venue: z.string(), off: z.boolean() }),
});

export const feedStatus = call({
  method: "GET",
  path: "backoffice/market/feed",
  access: "operator",
  summary: "Feed status: the source, the leader running it, the venues and the age of each pair's last tick",
  tags: ["backoffice", "market"],
  input: z.object({}),
  output: z.object({
    /** MARKET_SOURCE of this deployment. */
    source: marketSource,
    /** This process runs the feed (one process does, chosen by a database lock). */
    leader: z.boolean(),
    /** A feed is running somewhere: a tick arrived in the last minute. */
    live: z.boolean(),
    bus: z.enum(["local", "redis"]),
    venues: z.array(feedVenue),
    pairs: z.array(feedPair),
    /** Ticks are kept this long (hours) for settlements to show. */
    tick_retention_hours: z.number().int(),
    time_ms: z.number().int(),
  }),
});

// ----- realtime: /ws (JSON text frames) -----

/** Public channels need a `symbol` (and `interval` for klines); user channels need `{"op":"auth"}` first. */
export const publicChannels = ["ticker", "kline", "depth", "trades"] as const;
export const userChannels = ["orders", "positions", "notices", "support", "funding", "kyc", "alerts"] as const;
/** User channels an authenticated socket receives without subscribing (chat). */
export const autoUserChannels: readonly UserChannel[] = ["support", "alerts"];
export type PublicChannel = (typeof publicChannels)[number];
export type UserChannel = (typeof userChannels)[number];

const topic = z.object({
  channel: z.enum([...publicChannels, ...userChannels]),
  symbol: z.string().max(32).optional(),
  interval: klineInterval.optional(),
});

/** What a client sends. */
export const wsClientMessage = z.discriminatedUnion("op", [
  topic.extend({ op: z.literal("subscribe") }),
  topic.extend({ op: z.literal("unsubscribe") }),
  z.object({ op: z.literal("auth"), token: z.string().min(1).max(256) }),
  z.object({ op: z.literal("ping") }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/**
 * What the server sends:
 * - `{"channel":"ticker","symbol":"BTC/USDT","data":Quotation}`
 * - `{"channel":"kline","symbol":"BTC/USDT","interval":"1m","data":Candle}`
 * - `{"channel":"depth","symbol":"BTC/USDT","data":Depth}` (20 levels a side) and
 *   `{"channel":"trades","symbol":"BTC/USDT","data":{"list":[RecentTrade]}}` (the new trades, newest first): at most one
 *   frame of each per pair per feed flush (a second)
 * - `{"channel":"orders"|"positions"|"notices"|"funding"|"kyc","data":...}` (after auth; the domains define `data`)
 * - `{"op":"pong"}`
 * - `{"op":"subscribed"|"unsubscribed","channel",...}` acknowledgements, `{"op":"auth","ok":true,"user_id"}`
 * - `{"op":"error","code":"PAIR_NOT_FOUND","message":"交易对不存在","request":{...}}` for a refused message
 *   (codes from the catalogue: PARAMETER_ERROR, PAIR_NOT_FOUND, LOGIN_REQUIRED, TOO_MANY_REQUESTS).
 */
export type WsServerMessage =
  | { channel: "ticker"; symbol: string; data: Quotation }
  | { channel: "depth"; symbol: string; data: Depth }
  | { channel: "trades"; symbol: string; data: { list: RecentTrade[] } }
  | { channel: "kline"; symbol: string; interval: KlineInterval; data: Candle }
  | { channel: UserChannel; data: unknown }
  | { op: "pong" }
  | { op: "subscribed" | "unsubscribed"; channel: string; symbol?: string; interval?: KlineInterval }
  | { op: "auth"; ok: true; user_id: number }
  | { op: "error"; code: string; message: string; request?: unknown };

/** A user's favourite pairs, kept on the server (they follow the user to every device), in the order they were added. */
export const favorites = call({
  method: "GET",
  path: "market/favorites",
  access: "user",
  summary: "My favourite pairs, in the order I added them",
  tags: ["market"],
  input: z.object({}),
  output: z.object({ list: z.array(z.string()) }),
});

export const favorite = call({
  method: "POST",
  path: "market/favorite",
  access: "user",
  summary: "Add a pair to my favourites (on: true) or take it out (on: false); answers the whole list",
  tags: ["market"],
  input: z.object({
    symbol: pairSymbol,
    on: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")], msg("PARAMETER_ERROR")),
  }),
  output: z.object({ list: z.array(z.string()) }),
});
