/** The market's wire types come from the contract (types only: the client ships no zod). */
import type { KlineInterval } from "@contract/market";

export type { ArbitrageRow, ArbitrageScan, Candle, FeedPair, KlineInterval, MarketKind, MarketSource, Pair, Quotation, Venue } from "@contract/market";

/** The chart's intervals, shortest first (the contract's `klineIntervals`, which lives beside zod). */
export const INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const satisfies readonly KlineInterval[];
