import useSWRInfinite from "swr/infinite";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

export const withdrawLogCall = "cashlist/log";

/** GET cashlist/log: my withdrawals, newest first. */
export const getWithdrawLog = endpoint<typeof funding.withdrawLog>({ method: "GET", path: withdrawLogCall, access: "user" });

export const useWithdrawLog = () =>
  useSWRInfinite(
    (index) => [withdrawLogCall, index + 1] as const,
    ([, page]) => getWithdrawLog({ page, limit: 20 }, { silent: true, loading: false }),
  );
