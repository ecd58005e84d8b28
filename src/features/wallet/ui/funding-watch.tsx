import { useSWRConfig } from "swr";
import { revalidateCalls } from "@/shared/api/revalidate-calls";
import { useTopics } from "@/shared/api/realtime";
import { depositLogCall } from "../api/deposit-log";
import { walletDetailCall } from "../api/wallet-detail";
import { withdrawInfoKey } from "../api/withdraw-info";
import { withdrawLogCall } from "../api/withdraw-log";
import { walletsKey } from "../api/wallets";

/** What a back-office funding decision changes: balances, what may be withdrawn, the records and the ledger. */
const FUNDING_CALLS = [walletsKey, withdrawInfoKey, depositLogCall, withdrawLogCall, walletDetailCall];

/**
 * While signed in: a deposit credited or refused, a withdrawal paid out or refused (the socket's `funding` channel)
 * refreshes the balances and records on show, and makes the others fetch when they open. The channel's
 * acknowledgement after a reconnect does the same, for decisions made while the socket was down.
 */
export function FundingWatch() {
  const swr = useSWRConfig();
  useTopics([{ channel: "funding" }], () => void revalidateCalls(swr, FUNDING_CALLS), { user: true });
  return null;
}
