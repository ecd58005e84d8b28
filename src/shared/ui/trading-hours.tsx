import { Trans } from "@lingui/react/macro";
import { formatWeeklyMark } from "@/shared/i18n/format";

/** A weekly session as the server states it: closed from `close` to `open` (UTC weekday marks). */
export interface WeeklyHours {
  open: string;
  close: string;
}

/** The trading hours of a forex or metal pair, in the reader's own time: open from the week's opening to its close. */
export function TradingHours({ hours }: { hours: WeeklyHours }) {
  const opens = formatWeeklyMark(hours.open);
  const closes = formatWeeklyMark(hours.close);
  return (
    <p className="trading-hours" data-testid="trading-hours">
      <Trans>
        Trading hours: from {opens} to {closes} (your time), every week
      </Trans>
    </p>
  );
}
