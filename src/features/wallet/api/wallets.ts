import useSWR, { mutate } from "swr";
import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/list: balance, available, frozen and USDT value per currency. */
export const listWallets = endpoint<typeof wallet.list>({ method: "POST", path: "wallet/list", access: "user" });

export const walletsKey = "wallet/list";

export const useWallets = () => useSWR(walletsKey, () => listWallets({}, { silent: true, loading: false }));

/** Loads the wallets into the cache (after sign-in, and after every money move). */
export const refreshWallets = () => mutate(walletsKey, listWallets({}, { silent: true, loading: false }));
