import { useSWRConfig } from "swr";
import { revalidateCalls } from "@/shared/api/revalidate-calls";
import { useTopics } from "@/shared/api/realtime";
import { payableKey } from "@/features/options/api/payable";
import { walletsKey } from "@/features/wallet/api/wallets";

/**
 * The USDT available that several desks show, each from its own call: the leveraged ticket (`lever/deal`), the
 * options stake (`microtrade/payable_currencies`) and the wallets. One desk's trade changes all of them, so any
 * order, option or position the user channels report revalidates every one (the forex page shows two of them side
 * by side, which must agree).
 */
const BALANCE_CALLS = ["lever/deal", payableKey, walletsKey];

export function BalanceWatch() {
  const swr = useSWRConfig();
  useTopics([{ channel: "orders" }, { channel: "positions" }, { channel: "funding" }], () => void revalidateCalls(swr, BALANCE_CALLS), { user: true });
  return null;
}
