// The account domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerAccount } from "./account.module";
export type { AccountService } from "./account.service";
