// The market domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerMarket, marketAdapters, type MarketModule, type MarketOptions } from "./market.module";
export type { MarketService } from "./market.service";
export { quoteAround } from "./quote.engine";
export { quantityRefusal, priceFits, type QuantityRules } from "./pair-rules";
export type { PairRow } from "./market.store";
