import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { REVIEW } from "@contract/constants";
import { useUserInfo } from "@/shared/api/user-info";
import { paths } from "@/shared/lib/paths";
import { useAtomValue, userInfoAtom } from "@/shared/state/store";
import { Icon, type IconName } from "@/shared/ui/icons";
import { Logo } from "@/shared/ui/logo";
import { Page } from "@/shared/ui/page";
import { AssetsCard, totalUsdt } from "@/features/wallet/ui/assets-card";
import { useWallets } from "@/features/wallet/api/wallets";
import { signOf } from "@/shared/lib/decimal";
import { NoticeBell } from "@/features/content/ui/notice-bell";
import { NoticeStrip } from "@/features/content/ui/notice-strip";
import { useHomeFirstData } from "./first-data";
import "./home.css";

// Live quotes wait for the network anyway: their code loads beside them, not with the first screen.
const HomeMarkets = lazy(() => import("@/features/market/ui/home-widgets").then((m) => ({ default: m.HomeMarkets })));
// The desks' row too (the first routes' budget): a placeholder of its height holds its place meanwhile.
const DeskShortcuts = lazy(() => import("../trade/desks").then((m) => ({ default: m.DeskShortcuts })));

/** Home: what to do next, the shortcuts, the markets, and why the numbers can be trusted. */
export function HomePage() {
  const { t } = useLingui();
  useHomeFirstData();
  useUserInfo();
  const user = useAtomValue(userInfoAtom);
  // The wallets answer moves with every deposit (the funding watch revalidates it), so the banner follows.
  const { data: wallets } = useWallets();
  const funded = wallets !== undefined && signOf(totalUsdt(wallets)) > 0;
  const actions: { href: string; icon: IconName; label: string }[] = [
    { href: paths.uploadVoucher, icon: "deposit", label: t`Deposit` },
    { href: paths.orderWithdraw, icon: "withdraw", label: t`Withdraw` },
    { href: paths.convert, icon: "swap", label: t`Convert` },
    { href: paths.arbitrage, icon: "robot", label: t`AI arbitrage` },
    { href: paths.hostingOrders, icon: "wallet", label: t`Hosting` },
    { href: paths.loanApply, icon: "bank", label: t`Loan` },
    { href: paths.friend, icon: "gift", label: t`Invite friends` },
    { href: paths.service, icon: "headset", label: t`Support` },
  ];
  const needsKyc = user && user.review_status !== REVIEW.PASSED;
  return (
    <Page
      back={false}
      tabs
      navLeft={
        <span className="home-brand">
          <Logo size={26} />
          TradeWise
        </span>
      }
      navRight={
        <>
          <Link href={paths.language} className="icon-btn" aria-label={t`Language`}>
            <Icon name="globe" />
          </Link>
          <NoticeBell />
        </>
      }
    >
      <section className="hero-card">
        <div className="hero-card__title">
          {user ? <Trans>Welcome, {user.account}</Trans> : <Trans>Welcome</Trans>}
        </div>
        <div className="hero-card__text">
          {needsKyc ? (
            user.review_status === REVIEW.PENDING ? (
              <Trans>Your identity verification is under review, generally within 24 hours.</Trans>
            ) : (
              <Trans>Verify your identity to deposit, withdraw and trade.</Trans>
            )
          ) : funded ? (
            <Trans>Your account is ready: choose a trading desk below.</Trans>
          ) : (
            <Trans>Fund your USDT wallet to start trading.</Trans>
          )}
        </div>
        <div>
          {needsKyc && user.review_status !== REVIEW.PENDING ? (
            <Link href={paths.kyc} className="btn btn--primary btn--small">
              <Trans>Verify identity</Trans>
            </Link>
          ) : funded ? (
            <Link href={paths.market} className="btn btn--primary btn--small">
              <Trans>View markets</Trans>
            </Link>
          ) : (
            <Link href={paths.uploadVoucher} className="btn btn--primary btn--small">
              <Trans>Deposit USDT</Trans>
            </Link>
          )}
        </div>
      </section>

      <NoticeStrip />

      <div style={{ margin: "12px 0" }}>
        <AssetsCard compact />
      </div>

      <Suspense fallback={<div className="desks-placeholder" />}>
        <DeskShortcuts />
      </Suspense>

      <nav className="actions" aria-label={t`Shortcuts`}>
        {actions.map((action) => (
          <Link key={action.href} href={action.href} className="action">
            <span className="action__icon">
              <Icon name={action.icon} />
            </span>
            <span>{action.label}</span>
          </Link>
        ))}
      </nav>

      <Suspense fallback={<div className="home-markets-placeholder" />}>
        <HomeMarkets />
      </Suspense>

      <h2 className="section__title">
        <Trans>Why you can trust the numbers</Trans>
      </h2>
      <div className="card trust">
        <Icon name="shield" />
        <div className="muted" style={{ fontSize: 14 }}>
          <Trans>
            Every change to your balance is a ledger entry with its cause, and your records add up to your balance. Trades settle at the
            recorded market price, shown with its time.
          </Trans>
        </div>
      </div>
    </Page>
  );
}
