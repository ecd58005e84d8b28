import { lazy, Suspense, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSpotOrders } from "@/features/spot/api/orders";
import { useMyTrades } from "@/features/positions/api/my-trades";
import { useOptions } from "@/features/options/api/options-list";
import { useEarnOrders } from "@/features/earn/api/orders";
import { useLoans } from "@/features/loans/api/loans";
import { flatten } from "@/shared/ui/load-more";
import { Skeleton } from "@/shared/ui/feedback";
import { EmbeddedPage, Page } from "@/shared/ui/page";
import "./orders.css";
import { Segments } from "@/shared/ui/segments";

// Each list is its feature's own screen, loaded when its tab is first opened.
const SpotOrders = lazy(() => import("@/features/spot/ui/spot-orders-page").then((m) => ({ default: m.SpotOrdersPage })));
const ContractOrders = lazy(() => import("@/features/positions/ui/positions-page").then((m) => ({ default: m.ContractOrdersPage })));
const ForexOrders = lazy(() => import("@/features/positions/ui/positions-page").then((m) => ({ default: m.ForexOrdersPage })));
const OptionOrders = lazy(() => import("@/features/options/ui/options-orders-page").then((m) => ({ default: m.OptionsOrdersPage })));
const ArbitrageOrders = lazy(() => import("@/features/earn/ui/orders-page").then((m) => ({ default: m.ArbitrageOrdersPage })));
const HostingOrders = lazy(() => import("@/features/earn/ui/orders-page").then((m) => ({ default: m.HostingPage })));
const LoanRecords = lazy(() => import("@/features/loans/ui/loan-records-page").then((m) => ({ default: m.LoanRecordsPage })));

const TABS = ["spot", "contract", "options", "forex", "earn", "loans"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/**
 * The Order tab (`/pages/order/trade`): every kind of order the user has, one tab each (`?tab=`), each with how
 * many are open. Every list is its feature's own screen shown inside this one (`EmbeddedPage`), so a list has
 * one home however it is reached.
 */
export function OrdersTab() {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const asked = params.get("tab");
  const tab: Tab = isTab(asked) ? asked : "spot";
  const earn = params.get("earn") === "hosting" ? "hosting" : "arbitrage";
  const open = useOpenCounts();
  const go = (next: Record<string, string>) => {
    // Each tab's own parameters (the options list's desk and status) do not follow it to another tab.
    const query = new URLSearchParams(next.tab && next.tab !== tab ? {} : Object.fromEntries(params));
    for (const [key, value] of Object.entries({ tab, ...next })) query.set(key, value);
    navigate(`${location}?${query.toString()}`, { replace: true });
  };
  const labels: Record<Tab, string> = {
    spot: t`Spot`,
    contract: t`Contracts`,
    options: t`Options`,
    forex: t`Forex & metals`,
    earn: t`Earn`,
    loans: t`Loans`,
  };
  return (
    <Page title={<Trans>Orders</Trans>} nav="default" back={false} tabs>
      <div className="order-tabs" role="tablist" aria-label={t`Order kinds`}>
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" className="order-tab" aria-selected={tab === id} data-testid={`orders-tab-${id}`} onClick={() => go({ tab: id })}>
            {labels[id]}
            {open[id] > 0 && (
              <span className="order-tab__count" aria-label={t`${open[id]} open`}>
                {open[id]}
              </span>
            )}
          </button>
        ))}
      </div>
      {tab === "earn" && (
        <Segments
          as="tabs"
          label={t`Earn`}
          style={{ marginBottom: 12 }}
          value={earn}
          onChange={(next) => go({ earn: next })}
          segments={[
            { value: "arbitrage", label: <Trans>AI arbitrage</Trans> },
            { value: "hosting", label: <Trans>Hosting</Trans> },
          ]}
        />
      )}
      <EmbeddedPage>
        <Suspense fallback={<Skeleton lines={6} />}>{listOf(tab, earn)}</Suspense>
      </EmbeddedPage>
    </Page>
  );
}

function listOf(tab: Tab, earn: "arbitrage" | "hosting"): ReactNode {
  switch (tab) {
    case "spot":
      return <SpotOrders />;
    case "contract":
      return <ContractOrders />;
    case "options":
      return <OptionOrders />;
    case "forex":
      return <ForexOrders />;
    case "earn":
      return earn === "hosting" ? <HostingOrders /> : <ArbitrageOrders />;
    case "loans":
      return <LoanRecords />;
  }
}

/**
 * How many of each kind are open: spot orders waiting, positions and pending orders, options counting down, earn
 * orders running, a loan not yet settled. The same calls (and cache entries) as the lists, so the counts and the
 * lists agree and move together on the user channels.
 */
function useOpenCounts(): Record<Tab, number> {
  const spot = flatten(useSpotOrders("open").data).total;
  const lists = [useMyTrades("open", "crypto"), useMyTrades("pending", "crypto"), useMyTrades("open", "forex"), useMyTrades("pending", "forex"), useMyTrades("open", "metal"), useMyTrades("pending", "metal")];
  const size = (i: number) => lists[i].data?.list.length ?? 0;
  const options = (useOptions("crypto", "open").data?.total ?? 0) + (useOptions("forex", "open").data?.total ?? 0);
  const earn = flatten(useEarnOrders("arbitrage", "running").data).total + flatten(useEarnOrders("hosting", "running").data).total;
  const loans = flatten(useLoans().data).items.filter((loan) => loan.status === "pending" || loan.status === "issued").length;
  return { spot, contract: size(0) + size(1), options, forex: size(2) + size(3) + size(4) + size(5), earn, loans };
}
