/** The market's wire types come from the contract (types only: the client ships no zod). */
export type { ArbitrageRow, ArbitrageScan, Candle, FeedPair, KlineInterval, MarketKind, MarketSource, Pair, Quotation, Venue } from "@contract/market";

export { INTERVALS } from "@/shared/market/intervals";
