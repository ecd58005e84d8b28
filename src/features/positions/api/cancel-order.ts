import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshMyTrades } from "./my-trades";
import { refreshTickets } from "./ticket";

/** POST lever/cancel: cancel a pending limit order (its margin and fee return to the wallet). */
export const postCancel = endpoint<typeof positions.cancel>({ method: "POST", path: "lever/cancel", access: "user" });

export async function cancelOrder(id: number) {
  const position = await postCancel({ id });
  await Promise.all([refreshMyTrades(), refreshTickets()]);
  return position;
}
