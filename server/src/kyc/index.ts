// The KYC domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerKyc, KYC_REVIEWERS } from "./kyc.module";
export type { KycService } from "./kyc.service";
