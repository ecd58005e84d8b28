import useSWRInfinite from "swr/infinite";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET cashlist/log: my withdrawals, newest first. */
export const getWithdrawLog = endpoint<typeof funding.withdrawLog>({ method: "GET", path: "cashlist/log", access: "user" });

export const useWithdrawLog = () =>
  useSWRInfinite(
    (index) => ["cashlist/log", index + 1] as const,
    ([, page]) => getWithdrawLog({ page, limit: 20 }, { silent: true, loading: false }),
  );
