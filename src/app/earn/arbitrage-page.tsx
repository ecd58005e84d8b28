import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { ProductList } from "@/features/earn/ui/parts";
import { ArbitrageOpportunities } from "@/features/market/ui/arbitrage-opportunities";
import { paths } from "@/shared/lib/paths";
import { Page } from "@/shared/ui/page";

/**
 * `/pages/arbitrage/index`: the AI arbitrage products (the earn feature's: daily rate and APR, participants, who
 * pays, the risk) above the live cross-venue opportunities the scanner finds and the venues it counts (the market
 * feature's). Composed here because features never import each other.
 */
export function ArbitragePage() {
  return (
    <Page title={<Trans>AI arbitrage</Trans>} nav="custom">
      <div className="earn-links">
        <Link href={paths.arbitrageOrder} className="btn btn--ghost btn--small">
          <Trans>My orders</Trans>
        </Link>
        <Link href={paths.hostingOrders} className="btn btn--ghost btn--small">
          <Trans>Hosting</Trans>
        </Link>
      </div>
      <ProductList kind="arbitrage" />
      <h2 style={{ fontSize: 16, margin: "16px 0 8px" }}>
        <Trans>Live cross-venue opportunities</Trans>
      </h2>
      <ArbitrageOpportunities limit={8} />
    </Page>
  );
}
