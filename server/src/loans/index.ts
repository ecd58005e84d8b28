// The loans domain's door (credit loans).
export { registerLoans, type LoansModule } from "./loans.module";
export type { LoansService } from "./loans.service";
