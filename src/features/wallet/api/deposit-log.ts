import useSWRInfinite from "swr/infinite";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

export const depositLogCall = "chargelist/log";

/** GET chargelist/log: my deposits, newest first. */
export const getDepositLog = endpoint<typeof funding.depositLog>({ method: "GET", path: depositLogCall, access: "user" });

export const useDepositLog = () =>
  useSWRInfinite(
    (index) => [depositLogCall, index + 1] as const,
    ([, page]) => getDepositLog({ page, limit: 20 }, { silent: true, loading: false }),
  );
