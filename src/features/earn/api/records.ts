import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { earn } from "@contract";
import type { EarnKind } from "@contract/earn";
import { endpoint } from "@/shared/api/client";

/** GET lh/deposit/records: daily income records (of a kind, or of one order). */
export const getRecords = endpoint<typeof earn.records>({ method: "GET", path: "lh/deposit/records", access: "user" });

/** One order's daily income, newest first (up to 100 days). */
export const useOrderRecords = (orderId: number | null) =>
  useSWR(orderId ? `earn-records:order:${orderId}` : null, () => getRecords({ order_id: orderId!, kind: "hosting", page: 1, limit: 100 }, { silent: true, loading: false }));

export const useIncomeRecords = (kind: EarnKind) =>
  useSWRInfinite(
    (index) => `earn-records:${kind}:${index + 1}`,
    (key: string) => getRecords({ kind, page: Number(key.split(":")[2]), limit: 20 }, { silent: true, loading: false }),
  );
