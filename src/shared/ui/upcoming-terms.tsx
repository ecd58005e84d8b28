import { Trans } from "@lingui/react/macro";
import type { UpcomingTermChange } from "@contract/market";
import { formatDateTime, formatRate } from "@/shared/i18n/format";
import { Icon } from "./icons";

/**
 * Announced changes of a pair's terms that have not taken effect yet, where the user decides (the spot and the
 * leveraged tickets): "Spread changes from 0.04% to 0.2% on <date>". An order placed before keeps the spread it
 * is placed with (server/src/market/term-changes.ts).
 */
export function UpcomingTerms({ changes }: { changes: readonly UpcomingTermChange[] | undefined }) {
  if (!changes?.length) return null;
  return (
    <>
      {changes.map((c) => {
        const from = formatRate(c.from);
        const to = formatRate(c.to);
        const date = formatDateTime(c.effective_at);
        return (
          <div key={c.id} className="notice" role="note" data-testid="upcoming-term">
            <Icon name="info" size={18} />
            <div style={{ flex: 1 }}>
              {c.term === "spread_rate" && (
                <Trans>
                  Spread changes from {from} to {to} on {date}. Orders placed before then keep the current spread.
                </Trans>
              )}
            </div>
          </div>
        );
      })}
    </>
  );
}
