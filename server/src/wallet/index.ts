// The wallet domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
// Its configuration says which currencies exist and their decimals; funding and the Users desk read it.
export { decimalsOf, loadWalletConfig, DEFAULT_WALLET_CONFIG, WALLET_CONFIG_KEY, type WalletConfig } from "./wallet.config";
export { preferLive, referencePriceSource, type PriceSource } from "./price-source";
export { walletRoutes } from "./wallet.routes";
export { WalletService } from "./wallet.service";
export { causeReader } from "./cause-details";
