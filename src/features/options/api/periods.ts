import useSWR from "swr";
import type { options } from "@contract";
import type { MarketKind } from "@contract/market";
import { endpoint } from "@/shared/api/client";

/** GET microtrade/seconds: a kind's periods with their payout rates, stake limits and break-even win rates. */
export const getPeriods = endpoint<typeof options.periods>({ method: "GET", path: "microtrade/seconds", access: "user" });

export const periodsKey = (kind: MarketKind) => ["microtrade/seconds", kind] as const;

export const usePeriods = (kind: MarketKind | null) => useSWR(kind ? periodsKey(kind) : null, () => getPeriods({ kind: kind! }, { silent: true, loading: false }));
