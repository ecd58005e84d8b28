import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { WalletItem } from "@contract/wallet";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { useWallets } from "../api/wallets";
import { sumDecimals } from "@/shared/lib/decimal";
import { Amount } from "./amount";
import "./wallet.css";

/** Total of the wallets valued in USDT (wallets without a price are left out of it, and say so). */
export function totalUsdt(wallets: WalletItem[]): string {
  return sumDecimals(wallets.map((w) => w.usdt_value));
}

/**
 * The total assets card: what everything is worth in USDT. Full, it carries the three money actions; compact (on
 * home, where shortcuts already offer them), it links to the wallets.
 */
export function AssetsCard({ compact = false }: { compact?: boolean }) {
  const { data } = useWallets();
  const usdt = data?.find((w) => w.currency === "USDT");
  const body = (
    <>
      <div className="assets__label" id="assets-label">
        <Icon name="wallet" size={16} />
        <Trans>Total assets (USDT)</Trans>
        {compact && <Icon name="chevron" size={14} className="icon faint" />}
      </div>
      <div className="assets__total" data-testid="total-assets">
        {data ? <Amount value={totalUsdt(data)} of="USDT" /> : <span className="faint">-</span>}
        <small>USDT</small>
      </div>
      {usdt && (
        <div className="faint" style={{ fontSize: 12 }}>
          <Trans>
            Available <Amount value={usdt.available} of="USDT" /> USDT · Frozen <Amount value={usdt.frozen} of="USDT" /> USDT
          </Trans>
        </div>
      )}
    </>
  );
  if (compact) {
    return (
      // Named by its whole text (label, total, available and frozen), so the spoken name contains what is seen.
      <Link href={paths.wallets} className="assets" style={{ display: "block", color: "inherit" }}>
        {body}
      </Link>
    );
  }
  return (
    <section className="assets" aria-labelledby="assets-label">
      {body}
      <div className="assets__actions">
        <Link href={paths.uploadVoucher} className="btn btn--primary">
          <Trans>Deposit</Trans>
        </Link>
        <Link href={paths.orderWithdraw} className="btn btn--ghost">
          <Trans>Withdraw</Trans>
        </Link>
        <Link href={paths.convert} className="btn btn--ghost">
          <Trans>Convert</Trans>
        </Link>
      </div>
    </section>
  );
}
