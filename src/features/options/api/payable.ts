import useSWR, { mutate } from "swr";
import type { options } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET microtrade/payable_currencies: what a stake may be paid in, with my available balance of each. */
export const getPayable = endpoint<typeof options.payableCurrencies>({ method: "GET", path: "microtrade/payable_currencies", access: "user" });

export const payableKey = "microtrade/payable_currencies";
export const refreshPayable = () => mutate(payableKey);

export const usePayable = () => useSWR(payableKey, () => getPayable({}, { silent: true, loading: false }));
