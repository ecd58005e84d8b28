import useSWR from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/get_address: my withdrawal address book. */
export const getAddresses = endpoint<typeof funding.addresses>({ method: "POST", path: "wallet/get_address", access: "user" });

export const addressesKey = "wallet/get_address";
export const useAddresses = () => useSWR(addressesKey, () => getAddresses({ currency: "USDT" }, { silent: true, loading: false }));
