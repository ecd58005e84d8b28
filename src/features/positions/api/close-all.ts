import type { positions } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshMyTrades } from "./my-trades";
import { refreshTickets } from "./ticket";

/** POST lever/dealall: close every open position (of one symbol, or of one kind). */
export const postCloseAll = endpoint<typeof positions.closeAll>({ method: "POST", path: "lever/dealall", access: "user" });

export async function closeAll(input: Parameters<typeof postCloseAll>[0]) {
  const result = await postCloseAll(input);
  await Promise.all([refreshMyTrades(), refreshTickets()]);
  return result;
}
