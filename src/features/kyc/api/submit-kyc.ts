import { mutate } from "swr";
import type { kyc } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshUserInfo } from "@/shared/api/user-info";
import { kycInfoKey } from "./kyc-info";

/** POST user/real_name (multipart): the text fields with each photo's md5, and the three photos. */
export const postRealName = endpoint<typeof kyc.submit>({ method: "POST", path: "user/real_name", access: "user", files: ["front", "back", "hand"] });

export interface KycPhotos {
  front: File;
  back: File;
  hand: File;
}

/**
 * Submits the verification, then refreshes what depends on it: this screen's state and the session's user
 * (review_status drives the real-name modal, the account page's badge and the withdrawal rules).
 */
export async function submitKyc(input: Parameters<typeof postRealName>[0], photos: KycPhotos) {
  const answer = await postRealName(input, { files: { ...photos } });
  await Promise.all([mutate(kycInfoKey), refreshUserInfo().catch(() => undefined)]);
  return answer;
}
