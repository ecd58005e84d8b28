import type { spot } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshSpot } from "./orders";

/** POST coin/trade: buy or sell at market (fills now) or with a limit price (held until a tick crosses it). */
export const postSpotTrade = endpoint<typeof spot.trade>({ method: "POST", path: "coin/trade", access: "user" });

export async function placeSpotOrder(input: Parameters<typeof postSpotTrade>[0]) {
  const order = await postSpotTrade(input);
  await refreshSpot();
  return order;
}
