import type { wallet } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshWallets } from "./wallets";

/** POST wallet/flashAgainst: convert between two wallets. */
export const flashConvert = endpoint<typeof wallet.flash>({ method: "POST", path: "wallet/flashAgainst", access: "user" });

/** Converts, then refreshes the wallets it changed (lists revalidate when shown). */
export async function convert(input: Parameters<typeof flashConvert>[0]) {
  const result = await flashConvert(input);
  await refreshWallets();
  return result;
}
