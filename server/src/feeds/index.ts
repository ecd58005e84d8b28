// The feeds domain's door: the venues' prices as the market takes them in (ARCHITECTURE.md, "Server domains and
// their doors"). Every adapter speaks one interface (`FeedAdapter`); the market runs them and knows no venue's wire.
export type { DepthLevel, FeedAdapter, FeedSink, StartPoint, Tick, VenueBook, VenueInfo, VenueQuote, VenueStats, VenueTrade } from "./feed";
export { INSTRUMENTS, instrumentOf, type Instrument } from "./instruments";
export { Dec, fixed, plain, ZERO } from "./decimal";
export { bucketStart, DAY_MS, INTERVAL_MS, INTERVALS, MINUTE_MS, tickBar, type Bar } from "./bars";
export { BinanceFeed } from "./binance.feed";
export { OkxFeed } from "./okx.feed";
export { BybitFeed } from "./bybit.feed";
export { OandaFeed } from "./oanda.feed";
export type { WsVenueFeed } from "./ws-venue";
export { SimFeed } from "./sim.feed";
export { historyPlan, simHistory } from "./sim.history";
export { VenueMix } from "./venue-mix";
export { VenueSwitch } from "./venue-switch";
