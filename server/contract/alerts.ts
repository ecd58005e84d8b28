import { z } from "zod";
import { call } from "./define";
import { decimalString, empty, id, idInput, msg, pageQuery, paged, seconds, wholeNumber } from "./common";
import { pairSymbol } from "./market";
import { tick } from "./spot";

/**
 * Price alerts: a user is told (inbox notice, socket channel `alerts`, Web Push kind `alert`) when a pair's last
 * price goes above or below a level, or moves by a rate within a window. They run on the one trigger engine, as
 * take-profits and stops do, and fire on the first fresh tick that crosses.
 */

export const alertKinds = ["above", "below", "move"] as const;
export const alertKind = z.enum(alertKinds, msg("PARAMETER_ERROR"));
export type AlertKind = z.infer<typeof alertKind>;

export const alertRepeats = ["once", "always"] as const;
export const alertRepeat = z.enum(alertRepeats, msg("PARAMETER_ERROR"));

export const alertStatuses = ["active", "fired"] as const;
export const alertStatus = z.enum(alertStatuses, msg("PARAMETER_ERROR"));

/** The windows a `move` alert measures over (seconds): a minute, five minutes, an hour, a day. */
export const ALERT_WINDOWS = [60, 300, 3600, 86400] as const;
/** A move's rate (a fraction), both ends included. */
export const ALERT_RATE_MIN = "0.001";
export const ALERT_RATE_MAX = "0.5";
/** Active alerts (paused ones included) a user may have at once. */
export const ALERTS_ACTIVE_MAX = 50;

export const alert = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: alertKind,
  /** The level (`above`, `below`), or null for `move`. */
  price: decimalString.nullable(),
  /** The move's size as a fraction (`move`), or null. */
  rate: decimalString.nullable(),
  /** The move's window in seconds (`move`), or null. */
  window_s: z.number().int().nullable(),
  repeat: alertRepeat,
  status: alertStatus,
  created_at: seconds,
  /** The last firing (seconds), or null. */
  fired_at: seconds.nullable(),
  /** The tick of the last firing, or null. */
  fired_tick: tick.nullable(),
  // More than the published fields: a paused alert stays active but does not fire (alert/pause).
  paused: z.boolean(),
});
export type Alert = z.infer<typeof alert>;

export const add = call({
  method: "POST",
  path: "alert/add",
  access: "user",
  summary: "Add a price alert: above or below a price, or a move of a rate within a window; once or always",
  tags: ["alerts"],
  input: z.object({
    symbol: pairSymbol,
    kind: alertKind,
    price: z.union([z.literal(""), decimalString]).optional(),
    rate: z.union([z.literal(""), decimalString]).optional(),
    window_s: z.union([z.literal(""), wholeNumber(1, 86400, msg("ALERT_WINDOW"))]).optional(),
    repeat: alertRepeat.default("once"),
  }),
  output: alert,
});

export const list = call({
  method: "GET",
  path: "alert/list",
  access: "user",
  summary: "My price alerts, newest first: active, fired, or all",
  tags: ["alerts"],
  input: pageQuery.extend({ status: alertStatus.optional(), symbol: pairSymbol.optional() }),
  output: paged(alert),
});

export const remove = call({
  method: "POST",
  path: "alert/delete",
  access: "user",
  summary: "Delete a price alert (an alert firing at that moment fires once or not at all)",
  tags: ["alerts"],
  input: idInput,
  output: empty,
});

export const pause = call({
  method: "POST",
  path: "alert/pause",
  access: "user",
  summary: "Pause an active alert (it keeps its place and does not fire) or resume it (paused: false)",
  tags: ["alerts"],
  input: z.object({ id: id(), paused: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")], msg("PARAMETER_ERROR")) }),
  output: alert,
});
