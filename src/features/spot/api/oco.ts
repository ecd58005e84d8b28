import type { spot } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshSpot } from "./orders";

/** POST coin/oco: a limit order and a stop on one hold; one filling or triggering cancels the other. */
export const postSpotOco = endpoint<typeof spot.oco>({ method: "POST", path: "coin/oco", access: "user" });

export async function placeSpotOco(input: Parameters<typeof postSpotOco>[0]) {
  const pair = await postSpotOco(input);
  await refreshSpot();
  return pair;
}
