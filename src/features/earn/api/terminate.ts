import { mutate } from "swr";
import type { earn } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshEarnOrders } from "./orders";

/** POST lh/deposit/cancel: end a hosting order early (the principal minus the penalty returns). */
export const postCancel = endpoint<typeof earn.hostingCancel>({ method: "POST", path: "lh/deposit/cancel", access: "user" });

export async function terminate(id: number, idempotencyKey: string) {
  const order = await postCancel({ id, idempotency_key: idempotencyKey });
  await Promise.all([refreshEarnOrders(), mutate("wallet/list")]);
  return order;
}
