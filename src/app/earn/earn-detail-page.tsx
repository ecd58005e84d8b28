import { EarnDetailPage as Detail } from "@/features/earn/ui/detail-page";
import { useWallets } from "@/features/wallet/api/wallets";

/** `/pages/arbitrage/detail`: the earn feature's form with the wallet feature's available balance. */
export function EarnDetailPage() {
  const { data } = useWallets();
  const usdt = data?.find((w) => w.currency === "USDT");
  return <Detail available={data ? (usdt?.available ?? "0") : null} />;
}
