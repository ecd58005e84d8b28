// The earn domain's door (AI arbitrage and hosting).
export { registerEarn, type EarnModule } from "./earn.module";
export type { EarnCommands } from "./earn.commands";
export type { EarnSettlement } from "./earn.settlement";
export type { EarnQueries } from "./earn.queries";
export type { EarnAdmin } from "./earn.admin";
export type { PayoutRun } from "./earn.shared";
