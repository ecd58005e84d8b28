// The earn domain's door (AI arbitrage and hosting).
export { registerEarn, type EarnModule } from "./earn.module";
export type { EarnService, PayoutRun } from "./earn.service";
