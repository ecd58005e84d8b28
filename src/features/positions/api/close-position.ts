import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshMyTrades } from "./my-trades";
import { refreshTickets } from "./ticket";

/** POST lever/close: close one open position at the executable price now. */
export const postClose = endpoint<typeof positions.close>({ method: "POST", path: "lever/close", access: "user" });

export async function closePosition(id: number) {
  const position = await postClose({ id });
  await Promise.all([refreshMyTrades(), refreshTickets()]);
  return position;
}
