import { formatDateTime, pad2 } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import { intervalSeconds } from "../model/candles";
import type { KlineInterval } from "../model/types";

/** A chart number (axis value, moving average) as a price with the pair's precision. */
export const chartPrice = (value: number, precision: number) => (Number.isFinite(value) ? formatPrice(value.toFixed(Math.min(precision + 1, 20)), precision) : "-");

/** Axis labels in the phone's time: the time of day for intraday candles, the date for daily and weekly ones. */
export function axisLabel(seconds: number, interval: KlineInterval): string {
  const d = new Date(seconds * 1000);
  if (intervalSeconds(interval) >= 86_400) return `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** The readout's and the pointer's time: down to the minute intraday, the date for daily and weekly candles. */
export function candleTime(seconds: number, interval: KlineInterval): string {
  const text = formatDateTime(seconds);
  return intervalSeconds(interval) >= 86_400 ? text.slice(0, 10) : text.slice(0, 16);
}
