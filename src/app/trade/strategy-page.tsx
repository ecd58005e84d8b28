import { useLocation, useSearch } from "wouter";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { RiskWarning } from "@/features/disclosures/ui/risk-warning";
import { OptionsPanel } from "@/features/options/ui/options-panel";
import { StrategyPage } from "@/features/positions/ui/strategy-page";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import "./strategy.css";
import { Segments } from "@/shared/ui/segments";

/**
 * `/pages/strategy/index`: two tabs, Contract (the positions feature's screen) and Options (the options feature's
 * ticket), composed here because features never import each other. `?tab=options` opens the options tab.
 */
export function StrategyTabsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const tab = params.get("tab") === "options" ? "options" : "contract";
  const go = (next: "contract" | "options") => {
    params.set("tab", next);
    navigate(`${paths.strategy}?${params.toString()}`, { replace: true });
  };
  return (
    <div className="strategy-host">
      {tab === "contract" ? (
        <StrategyPage riskWarning={<RiskWarning family="leveraged" />} />
      ) : (
        <Page
          title={<Trans>Timed options</Trans>}
          nav="custom"
          navRight={
            <Link href={paths.strategyOrder} className="icon-btn" aria-label={t`My options`}>
              <Icon name="record" />
            </Link>
          }
        >
          <OptionsPanel initialSymbol={params.get("symbol")?.toUpperCase()} riskWarning={<RiskWarning family="options" />} />
        </Page>
      )}
      <Segments
        as="tabs"
        className="strategy-tabs"
        label={t`Product`}
        value={tab}
        onChange={go}
        segments={[
          { value: "contract", label: <Trans>Contract</Trans> },
          { value: "options", label: <Trans>Options</Trans> },
        ]}
      />
    </div>
  );
}
