import useSWR from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/get_info: minimum, fee, available and whether a request is pending. */
export const getWithdrawInfo = endpoint<typeof funding.withdrawInfo>({ method: "POST", path: "wallet/get_info", access: "user" });

export const withdrawInfoKey = "wallet/get_info";
export const useWithdrawInfo = () => useSWR(withdrawInfoKey, () => getWithdrawInfo({ currency: "USDT" }, { silent: true, loading: false }));
