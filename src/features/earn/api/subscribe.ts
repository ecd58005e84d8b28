import { mutate } from "swr";
import type { earn } from "@contract";
import type { EarnKind } from "@contract/earn";
import { endpoint } from "@/shared/api/client";
import { productsKey } from "./products";
import { refreshEarnOrders } from "./orders";

/** POST project/order: subscribe to an AI arbitrage product (the amount is held until maturity). */
export const postProjectOrder = endpoint<typeof earn.subscribe>({ method: "POST", path: "project/order", access: "user" });
/** POST lh/deposit: host an amount in a hosting product. */
export const postHosting = endpoint<typeof earn.hostingSubscribe>({ method: "POST", path: "lh/deposit", access: "user" });

export async function subscribe(kind: EarnKind, input: { product_id: number; amount: string; idempotency_key: string }) {
  const order =
    kind === "arbitrage"
      ? await postProjectOrder({ project_id: input.product_id, amount: input.amount, idempotency_key: input.idempotency_key })
      : await postHosting(input);
  await Promise.all([refreshEarnOrders(), mutate(productsKey(kind)), mutate("wallet/list")]);
  return order;
}
