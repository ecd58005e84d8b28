import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshMyTrades } from "./my-trades";

/** POST lever/setstop: TP and SL of an open position; an omitted field keeps its value, an empty string clears it. */
export const postSetStops = endpoint<typeof positions.setStop>({ method: "POST", path: "lever/setstop", access: "user" });

export async function setStops(input: Parameters<typeof postSetStops>[0]) {
  const position = await postSetStops(input);
  await refreshMyTrades();
  return position;
}
