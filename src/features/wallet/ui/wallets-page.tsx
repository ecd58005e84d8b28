import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Cell } from "@/shared/ui/cell";
import { Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { useWallets } from "../api/wallets";
import { AssetsCard } from "./assets-card";
import { Amount, CoinIcon } from "./parts";
import "./wallet.css";

/** The wallet chooser: every currency's balance, available and frozen, valued in USDT. */
export function WalletsPage() {
  const { t } = useLingui();
  const { data, isLoading } = useWallets();
  return (
    <Page title={<Trans>Wallets</Trans>} nav="custom">
      <AssetsCard />
      <h2 className="section__title">
        <Trans>My wallets</Trans>
      </h2>
      {isLoading || !data ? (
        <div className="card">
          <Skeleton lines={3} />
        </div>
      ) : (
        <ul className="list" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t`My wallets`}>
          {data.map((w) => (
            <li key={w.currency}>
              <Link href={`${paths.orderFinance}?currency=${w.currency}`} className="wallet-row" data-testid={`wallet-${w.currency}`}>
                <CoinIcon currency={w.currency} />
                <div className="wallet-row__main">
                  <div className="wallet-row__name">{w.currency}</div>
                  <div className="wallet-row__sub">
                    <span>
                      <Trans>Available</Trans> <Amount value={w.available} of={w.currency} />
                    </span>
                    <span>
                      <Trans>Frozen</Trans> <Amount value={w.frozen} of={w.currency} />
                    </span>
                  </div>
                </div>
                <div className="wallet-row__value">
                  <strong>
                    <Amount value={w.balance} of={w.currency} />
                  </strong>
                  <small>{w.usdt_value === null ? t`No price` : <>≈ <Amount value={w.usdt_value} currency="USDT" /></>}</small>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h2 className="section__title">
        <Trans>Records</Trans>
      </h2>
      <nav className="list" aria-label={t`Records`}>
        <Cell icon="record" label={<Trans>Financial records</Trans>} href={paths.orderFinance} />
        <Cell icon="deposit" label={<Trans>Deposit records</Trans>} href={paths.orderCharge} />
        <Cell icon="withdraw" label={<Trans>Withdrawal records</Trans>} href={paths.orderWithdraw} />
        <Cell icon="swap" label={<Trans>Conversions</Trans>} href={paths.convert} />
        <Cell icon="bank" label={<Trans>Deposit by bank transfer</Trans>} href={paths.bankTransfer} />
      </nav>
    </Page>
  );
}
