import useSWR from "swr";
import type { account } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST user/cash_info: the bound bank card or null. */
export const getBankCard = endpoint<typeof account.bankCardInfo>({ method: "POST", path: "user/cash_info", access: "user" });
/** POST user/cash_save: bind or update it. */
export const saveBankCard = endpoint<typeof account.saveBankCard>({ method: "POST", path: "user/cash_save", access: "user" });

export const bankCardKey = "user/cash_info";
export const useBankCard = () => useSWR(bankCardKey, () => getBankCard({}, { silent: true, loading: false }));
