import useSWR, { mutate } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import type { loans } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET lh/loan/config: cycles with daily rate and APR, limits, the overdue rate, the uploads, the agreement. */
export const getLoanConfig = endpoint<typeof loans.config>({ method: "GET", path: "lh/loan/config", access: "user" });
/** GET lh/loan/statistics: borrowed, outstanding, repaid, overdue, and what I may borrow now. */
export const getLoanStatistics = endpoint<typeof loans.statistics>({ method: "GET", path: "lh/loan/statistics", access: "user" });
/** GET lh/loan/order: my loans. */
export const getLoans = endpoint<typeof loans.orders>({ method: "GET", path: "lh/loan/order", access: "user" });

export const useLoanConfig = () => useSWR("lh/loan/config", () => getLoanConfig({}, { silent: true, loading: false }));
export const useLoanStatistics = () => useSWR("lh/loan/statistics", () => getLoanStatistics({}, { silent: true, loading: false }));
const pageKey = (index: number) => `lh/loan/order:${index + 1}`;
export const useLoans = () => useSWRInfinite(pageKey, (key: string) => getLoans({ page: Number(key.split(":")[1]), limit: 20 }, { silent: true, loading: false }));

const isLoanKey = (key: unknown) => typeof key === "string" && (key.startsWith("lh/loan/") || key === "wallet/list");
/**
 * The loan records, the statistics and the wallets, after an application or a repayment. The records are an infinite
 * list: a key filter never reaches it, its cache entry is addressed through `unstable_serialize`.
 */
export const refreshLoans = () => Promise.all([mutate(isLoanKey), mutate(unstable_serialize(pageKey))]);
