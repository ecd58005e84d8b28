import { Trans } from "@lingui/react/macro";
import type { LossShareFamily } from "@contract/disclosures";
import { formatDecimal } from "@/shared/i18n/format";
import { useLossShare } from "../api/loss-share";
import { fractionToPercent } from "../model/loss-share";
import "./disclosures.css";

/**
 * The risk warning of the leveraged and option tickets: the share of accounts that lost money on this product over
 * the last 90 days, as the server computed it from settled trades. With too few accounts it says so instead of
 * showing a figure; while the figure is unknown (loading, offline) the warning still says the product is risky.
 */
export function RiskWarning({ family }: { family: LossShareFamily }) {
  const { data } = useLossShare();
  const figures = data?.families.find((f) => f.family === family);
  const percent = figures?.share ? fractionToPercent(figures.share) : null;
  const shown = percent === null ? null : `${formatDecimal(percent, { maxFraction: 2 })}%`;
  const days = data?.window_days ?? 90;
  return (
    <aside className="risk-warning" role="note" data-testid={`risk-warning-${family}`}>
      <strong>
        <Trans>Risk warning</Trans>
      </strong>{" "}
      {family === "leveraged" ? (
        <Trans>Leverage multiplies losses as well as gains, and you can lose your whole margin quickly.</Trans>
      ) : (
        <Trans>A timed option that loses costs its whole stake.</Trans>
      )}{" "}
      <span data-testid="loss-share">
        {shown !== null ? (
          family === "leveraged" ? (
            <Trans>
              {shown} of accounts lost money on leveraged trading over the last {days} days.
            </Trans>
          ) : (
            <Trans>
              {shown} of accounts lost money on timed options over the last {days} days.
            </Trans>
          )
        ) : figures ? (
          family === "leveraged" ? (
            <Trans>Not enough closed positions yet to say how many accounts lost money over the last {days} days.</Trans>
          ) : (
            <Trans>Not enough settled options yet to say how many accounts lost money over the last {days} days.</Trans>
          )
        ) : null}
      </span>
    </aside>
  );
}
