// The funding domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { AddressBook } from "./addresses.service";
export { ChainWatcher } from "./chain.watcher";
export { DepositService } from "./deposits.service";
export { DEFAULT_FUNDING_CONFIG, FUNDING_CONFIG_KEY, loadFundingConfig } from "./funding.config";
export { fundingFacts } from "./funding.facts";
export { fundingRows } from "./funding.statement";
export { fundingRoutes } from "./funding.routes";
export { WithdrawalGuards, type WithdrawalGuard } from "./withdrawal-guards";
export { WithdrawalService, type WithdrawalRules } from "./withdrawals.service";
