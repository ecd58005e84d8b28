// The loans domain's door (credit loans).
export { registerLoans, type LoansModule } from "./loans.module";
export type { LoansCommands } from "./loans.commands";
export type { LoansSettlement } from "./loans.settlement";
export type { LoansQueries } from "./loans.queries";
export type { LoansAdmin } from "./loans.admin";
