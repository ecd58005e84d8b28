import useSWR from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/get_in_address: the receiving address of a network, the deposit limits and the open networks. */
export const getDepositAddress = endpoint<typeof funding.depositAddress>({ method: "POST", path: "wallet/get_in_address", access: "user" });

export const useDepositAddress = (network: string | undefined) =>
  useSWR(["wallet/get_in_address", network ?? ""] as const, ([, n]) => getDepositAddress({ currency: "USDT", network: n || undefined }, { silent: true, loading: false }), {
    keepPreviousData: true,
  });
