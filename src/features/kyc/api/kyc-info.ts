import useSWR from "swr";
import type { kyc } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET user/getrealinfo: my review status, what I submitted last (number masked) and a rejection's reason. */
export const getKycInfo = endpoint<typeof kyc.info>({ method: "GET", path: "user/getrealinfo", access: "user" });

export const kycInfoKey = "user/getrealinfo";

export const useKycInfo = () => useSWR(kycInfoKey, () => getKycInfo({}, { silent: true }), { revalidateOnFocus: true });
