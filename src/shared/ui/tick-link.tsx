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
 * A tick's time kept on one line: a date broken after its first hyphen ("2026-12-" above "03") reads as two values.
 * A call, so a `<Trans>` message that holds it keeps its placeholder ("tick {0} · {1}").
 */
export const unbrokenTime = (text: string): ReactNode => <span className="num">{text}</span>;

/**
 * A settlement's recorded tick (price and time), shown as the way to the chart at that moment with the tick pinned:
 * the evidence of every fill, trigger, liquidation and option settlement is one tap away.
 */
export function TickLink({ symbol, tick, children, testId = "tick-link" }: { symbol: string; tick: { price: string; at_ms: number }; children: ReactNode; testId?: string }) {
  const { t } = useLingui();
  return (
    <Link href={chartAtTick(symbol, tick)} className="tick-link" data-testid={testId} title={t`Open the chart at this tick`}>
      {/* One box for the words: a time in its own span would otherwise be a flex item of its own beside them. */}
      <span>{children}</span>
      <Icon name="chart" size={14} className="tick-link__icon" />
    </Link>
  );
}
