import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { SpotSide, SpotStatus, SpotType } from "@contract/spot";

/** Wire states as the seed names them: open is "in transaction", filled is "completed". */
export const statusLabels: Record<SpotStatus, MessageDescriptor> = {
  waiting: msg`Waiting for trigger`,
  open: msg`In transaction · waiting to fill`,
  filled: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const statusTone: Record<SpotStatus, string> = { waiting: "badge--warn", open: "badge--warn", filled: "badge--up", cancelled: "" };

export const sideLabels: Record<SpotSide, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };

export const typeLabels: Record<SpotType, MessageDescriptor> = {
  market: msg({ message: "Market", context: "order type" }),
  limit: msg`Limit`,
  stop_market: msg`Stop-market`,
  stop_limit: msg`Stop-limit`,
  trailing_stop: msg`Trailing stop`,
};

