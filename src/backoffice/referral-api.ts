import type { referral } from "@contract";
import { operatorEndpoint } from "./api";

/** The referral programme's back-office calls (contract: server/contract/referral.ts, back-office section). */
export const getReferralConfig = operatorEndpoint<typeof referral.backofficeConfig>({ method: "GET", path: "backoffice/referral/config", access: "operator" });
export const saveReferralConfig = operatorEndpoint<typeof referral.backofficeConfigSave>({ method: "POST", path: "backoffice/referral/config/save", access: "operator" });
export const getReferralPayouts = operatorEndpoint<typeof referral.backofficePayouts>({ method: "GET", path: "backoffice/referral/payouts", access: "operator" });
