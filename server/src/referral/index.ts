// The referral domain's door (invitations, rewards, commission).
export { registerReferral, type ReferralModule } from "./referral.module";
export type { ReferralService } from "./referral.service";
