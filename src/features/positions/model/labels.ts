import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { CloseReason, PositionDirection, PositionStatus } from "@contract/positions";

/** The seed's states (section 4): in transaction, closing position, closed position; plus pending and cancelled orders. */
export const statusLabels: Record<PositionStatus, MessageDescriptor> = {
  pending: msg`Pending order`,
  open: msg`In transaction · position open`,
  closing: msg`Closing position`,
  closed: msg`Closed position`,
  cancelled: msg`Cancelled`,
};

export const statusTone: Record<PositionStatus, string> = {
  pending: "badge--brand",
  open: "badge--up",
  closing: "badge--warn",
  closed: "",
  cancelled: "",
};

export const reasonLabels: Record<CloseReason, MessageDescriptor> = {
  user: msg`Closed by you`,
  tp: msg`Take-profit`,
  sl: msg`Stop-loss`,
  liquidation: msg`Liquidation`,
  close_all: msg`Close all`,
};

export const directionLabels: Record<PositionDirection, MessageDescriptor> = {
  long: msg`Long`,
  short: msg`Short`,
};
