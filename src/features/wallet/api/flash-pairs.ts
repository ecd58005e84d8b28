import useSWR from "swr";
import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET wallet/flashAgainstList: pairs with the rate of the moment, the fee rate and the limits. */
export const getFlashPairs = endpoint<typeof wallet.flashPairs>({ method: "GET", path: "wallet/flashAgainstList", access: "user" });

export const flashPairsKey = "wallet/flashAgainstList";

/** Rates move: refreshed every 30 s while the screen is open. */
export const useFlashPairs = () => useSWR(flashPairsKey, () => getFlashPairs({}, { silent: true, loading: false }), { refreshInterval: 30_000 });
