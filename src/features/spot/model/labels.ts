import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { SpotSide, SpotStatus, SpotType } from "@contract/spot";

/** Wire states as the seed names them: open is "in transaction", filled is "completed". */
export const statusLabels: Record<SpotStatus, MessageDescriptor> = {
  open: msg`In transaction`,
  filled: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const statusTone: Record<SpotStatus, string> = { open: "badge--warn", filled: "badge--up", cancelled: "" };

export const sideLabels: Record<SpotSide, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };

export const typeLabels: Record<SpotType, MessageDescriptor> = { market: msg({ message: "Market", context: "order type" }), limit: msg`Limit` };

/** A recorded tick's own time (ms) as the seed shows times: YYYY-MM-DD HH:mm:ss, local time. */
export function tickTime(atMs: number): string {
  const d = new Date(atMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
