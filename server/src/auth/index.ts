// The auth domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
// Its tables stay its own: other domains read and change a user's record through `user-records.ts`.
export { registerAuth, type AuthModule } from "./auth.module";
export type { PasskeyService } from "./passkeys";
export { signWithAntiPhishingCode, withAntiPhishingCode } from "./anti-phishing";
export type { UserRow } from "./auth.schema";
export type { AuthService } from "./auth.service";
export type { CodeService } from "./codes";
export { hashPassword, verifyPassword } from "./passwords";
export { ensureRootInviteCode } from "./root-invite";
export { SessionService } from "./sessions";
export { userAccountOf, userDirectory, userRecords, WITHDRAW_LOCK_MS, type CredentialChange, type StandingChange } from "./user-records";
export { isLocked, isOperatorLock, OPERATOR_LOCK_UNTIL } from "./user-info";
