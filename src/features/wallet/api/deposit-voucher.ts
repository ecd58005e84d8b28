import useSWR from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET wallet/voucher: the screenshot of one of my deposits (as data; the token rides in a header). */
export const getDepositVoucher = endpoint<typeof funding.depositVoucher>({ method: "GET", path: "wallet/voucher", access: "user" });

export const useDepositVoucher = (id: number | null) =>
  useSWR(id === null ? null : (["wallet/voucher", id] as const), ([, v]) => getDepositVoucher({ id: v }, { silent: true, loading: false }), { revalidateOnFocus: false });
