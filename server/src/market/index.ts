// The market domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerMarket, marketAdapters, type MarketModule, type MarketOptions } from "./market.module";
export type { MarketPairs } from "./market.pairs";
export type { MarketPrices } from "./market.prices";
export type { MarketView } from "./market.view";
export { quoteAround } from "./quote.engine";
export { quantityRefusal, priceFits, type QuantityRules } from "./pair-rules";
export type { PairRow } from "./market.store";
