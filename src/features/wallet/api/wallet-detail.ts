import useSWRInfinite from "swr/infinite";
import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/detail: the user's own ledger, newest first, with a running balance. */
export const getWalletDetail = endpoint<typeof wallet.detail>({ method: "POST", path: "wallet/detail", access: "user" });

export const DETAIL_PAGE = 20;

export function useWalletDetail(currency: string | undefined) {
  return useSWRInfinite(
    (index) => ["wallet/detail", currency ?? "", index + 1] as const,
    ([, c, page]) => getWalletDetail({ page, limit: DETAIL_PAGE, currency: c || undefined }, { silent: true, loading: false }),
  );
}
