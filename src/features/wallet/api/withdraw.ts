import { mutate } from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";
import { withdrawInfoKey } from "./withdraw-info";
import { refreshWallets } from "./wallets";

/** POST wallet/out: request a withdrawal (the amount is frozen until reviewed). */
export const postWithdraw = endpoint<typeof funding.withdraw>({ method: "POST", path: "wallet/out", access: "user" });

export async function withdraw(input: Parameters<typeof postWithdraw>[0]) {
  const result = await postWithdraw(input);
  await Promise.all([mutate(withdrawInfoKey), refreshWallets()]);
  return result;
}
