import { Trans, useLingui } from "@lingui/react/macro";
import type { ConfigTermLine, TermChange } from "@contract/market";
import { successes } from "@contract/successes";
import { formatDateTime, formatRate } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";

/**
 * A configuration's announced change (server/src/market/term-changes.ts): the leveraged rules, the spot fee rates
 * or the option payout rates. A saved change with a term worse for users waits whole for the notice period; the
 * configuration screens show the terms in force and this note, the term changes panel lists it with its cancel.
 */

/** One announced line as the back office reads it: scope, term, old -> new. */
export function useConfigLineText() {
  const { t } = useLingui();
  const scope = (s: string) => (s === "crypto" ? t`Crypto` : s === "forex" ? t`Forex` : s === "metal" ? t`Metals` : s === "default" ? t`All other pairs` : s);
  const field = (line: ConfigTermLine) => {
    const seconds = line.seconds ?? 0;
    switch (line.field) {
      case "fee_rate":
        return t`Fee rate`;
      case "maintenance_rate":
        return t`Maintenance margin rate`;
      case "swap_long_rate":
        return t`Daily swap rate (long)`;
      case "swap_short_rate":
        return t`Daily swap rate (short)`;
      case "max_leverage":
        return t`Maximum leverage`;
      case "payout_rate":
        return t`Payout rate, ${seconds} s`;
    }
  };
  const value = (line: ConfigTermLine, v: string) => (line.field === "max_leverage" ? `${v}x` : formatRate(v));
  return (line: ConfigTermLine) => `${scope(line.scope)} · ${field(line)}: ${value(line, line.from)} → ${value(line, line.to)}`;
}

export function ConfigLines({ lines }: { lines: readonly ConfigTermLine[] }) {
  const text = useConfigLineText();
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {lines.map((line, i) => (
        <li key={i}>
          {text(line)}{" "}
          {line.worse && (
            <span className="badge badge--warn">
              <Trans>Worse for users</Trans>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What a configuration screen shows while a saved change waits for its time. */
export function PendingConfigNote({ pending }: { pending: TermChange | null | undefined }) {
  if (!pending) return null;
  const date = formatDateTime(pending.effective_at);
  return (
    <div className="card" role="status" data-testid="pending-config" style={{ marginBottom: 12, maxWidth: 900 }}>
      <p style={{ marginTop: 0 }}>
        <Trans>
          A saved change waits for its notice period and takes effect on {date}; the form shows the terms in force. To save another change, cancel this one under Pairs, Announced term changes.
        </Trans>
      </p>
      <ConfigLines lines={pending.changes ?? []} />
    </div>
  );
}

/** The toast after a configuration is saved: applied now, or announced for its time. */
export function useConfigSavedToast() {
  const { t, i18n } = useLingui();
  return (saved: { pending?: TermChange | null }) => {
    if (!saved.pending) return showToast(i18n._(successes.SAVE.key), "success");
    const date = formatDateTime(saved.pending.effective_at);
    showToast(t`Announced to every user: the change takes effect on ${date}.`, "success");
  };
}
