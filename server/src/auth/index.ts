// The auth domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
// `users` is the account record every domain's rows point at; the rest of auth's tables stay its own.
export { registerAuth, type AuthModule } from "./auth.module";
export { signWithAntiPhishingCode, withAntiPhishingCode } from "./anti-phishing";
export { users, sessions, type UserRow } from "./auth.schema";
export { WITHDRAW_LOCK_MS, type AuthService } from "./auth.service";
export type { CodeService } from "./codes";
export { hashPassword, verifyPassword } from "./passwords";
export { ensureRootInviteCode } from "./root-invite";
export { SessionService } from "./sessions";
export { isLocked, isOperatorLock, OPERATOR_LOCK_UNTIL } from "./user-info";
