import useSWRInfinite from "swr/infinite";
import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";

export const walletDetailCall = "wallet/detail";

/** POST wallet/detail: the user's own ledger, newest first, with a running balance. */
export const getWalletDetail = endpoint<typeof wallet.detail>({ method: "POST", path: walletDetailCall, access: "user" });

export const DETAIL_PAGE = 20;

export function useWalletDetail(currency: string | undefined) {
  return useSWRInfinite(
    (index) => [walletDetailCall, currency ?? "", index + 1] as const,
    ([, c, page]) => getWalletDetail({ page, limit: DETAIL_PAGE, currency: c || undefined }, { silent: true, loading: false }),
  );
}
