import { Trans, useLingui } from "@lingui/react/macro";

/**
 * Shown on every price screen while its prices are simulated (trust by construction). Each quotation says its
 * source; `show` is whether any price on the screen is `sim`.
 */
export function DemoBadge({ show }: { show: boolean }) {
  const { t } = useLingui();
  if (!show) return null;
  return (
    <span className="badge badge--warn" data-testid="demo-badge" title={t`Prices come from the built-in simulator, not from a real market.`}>
      <Trans>Demo market data</Trans>
    </span>
  );
}
