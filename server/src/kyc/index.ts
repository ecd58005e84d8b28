// The KYC domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerKyc, registerCountrySwitches, KYC_REVIEWERS } from "./kyc.module";
export type { CountrySwitches } from "./country-switches";
export type { KycService } from "./kyc.service";
