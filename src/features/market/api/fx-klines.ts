import type { market } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET currency/whkdata: a forex or metal pair's candles (same shape as currency/new_timeshar). */
export const getFxKlines = endpoint<typeof market.fxKlines>({ method: "GET", path: "currency/whkdata", access: "user" });
