import type { spot } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshSpot } from "./orders";

/** POST coin/cancel: cancel an open limit order; its held funds return to the wallet. */
export const postSpotCancel = endpoint<typeof spot.cancel>({ method: "POST", path: "coin/cancel", access: "user" });

export async function cancelSpotOrder(id: number) {
  const order = await postSpotCancel({ id });
  await refreshSpot();
  return order;
}
