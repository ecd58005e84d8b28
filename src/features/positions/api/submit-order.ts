import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshMyTrades } from "./my-trades";
import { refreshTickets } from "./ticket";

/** POST lever/submit: open a long or a short, at market or with a limit price, with optional TP/SL. */
export const postSubmit = endpoint<typeof positions.submit>({ method: "POST", path: "lever/submit", access: "user" });

export async function submitOrder(input: Parameters<typeof postSubmit>[0]) {
  const position = await postSubmit(input);
  await Promise.all([refreshMyTrades(), refreshTickets()]);
  return position;
}
