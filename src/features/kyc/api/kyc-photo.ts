import type { kyc } from "@contract";
import { endpoint } from "@/shared/api/client";

/**
 * GET user/kyc_photo: one photo of my latest verification. Deliberately not an SWR hook: SWR's cache is written to
 * the device's storage for offline use, and identity photos have no business being kept there.
 */
export const getKycPhoto = endpoint<typeof kyc.photo>({ method: "GET", path: "user/kyc_photo", access: "user" });
