import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { KlineInterval } from "@contract/market";

/** The chart's intervals, shortest first (the contract's `klineIntervals`, which lives beside zod). */
export const INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const satisfies readonly KlineInterval[];

/** Interval names as traders write them; a language may write them its own way. Every chart uses these. */
export const intervalLabels: Record<KlineInterval, MessageDescriptor> = {
  "1m": msg`1m`,
  "5m": msg`5m`,
  "15m": msg`15m`,
  "30m": msg`30m`,
  "1h": msg`1h`,
  "4h": msg`4h`,
  "1d": msg`1D`,
  "1w": msg`1W`,
};
