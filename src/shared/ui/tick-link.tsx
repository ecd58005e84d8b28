import type { ReactNode } from "react";
import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon } from "./icons";
import "./tick-link.css";

/** The chart of a pair opened at a recorded tick (a fill, trigger, liquidation or settlement), the tick pinned. */
export const chartAtTick = (symbol: string, tick: { price: string; at_ms: number }): string =>
  `${paths.kline}?${new URLSearchParams({ symbol, at: String(tick.at_ms), price: tick.price }).toString()}`;

/**
 * A settlement's recorded tick (price and time), shown as the way to the chart at that moment with the tick pinned:
 * the evidence of every fill, trigger, liquidation and option settlement is one tap away.
 */
export function TickLink({ symbol, tick, children, testId = "tick-link" }: { symbol: string; tick: { price: string; at_ms: number }; children: ReactNode; testId?: string }) {
  const { t } = useLingui();
  return (
    <Link href={chartAtTick(symbol, tick)} className="tick-link" data-testid={testId} title={t`Open the chart at this tick`}>
      {children}
      <Icon name="chart" size={14} className="tick-link__icon" />
    </Link>
  );
}
