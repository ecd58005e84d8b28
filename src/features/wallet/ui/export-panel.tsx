import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ExportKind } from "@contract/wallet";
import { pad2 } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { SelectField, TextField } from "@/shared/ui/field";
import { downloadExport, saveDownload } from "../api/statements";

/** A date field's value (YYYY-MM-DD) of a local day. */
const dayValue = (date: Date) => `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
/** A local day's first second, or its last. */
const dayStart = (value: string) => Math.floor(new Date(`${value}T00:00:00`).getTime() / 1000);
const dayEnd = (value: string) => dayStart(value) + 86_399;

/**
 * The finance screen's exports: the ledger, the trades or the deposits and withdrawals over a range of days, saved as
 * a CSV file (a token call, so fetched and saved from memory), and the way to the monthly statement.
 */
export function ExportPanel() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const today = new Date();
  const [kind, setKind] = useState<ExportKind>("ledger");
  const [from, setFrom] = useState(() => dayValue(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(() => dayValue(today));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveDownload(await downloadExport({ kind, from: dayStart(from), to: dayEnd(to) }));
    } catch {
      // The client has said why (the server's translated refusal, or the network).
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card export-panel" style={{ marginBottom: 12 }}>
      <div className="export-panel__actions">
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={() => setOpen((v) => !v)} data-testid="export-toggle">
          <Trans>Export CSV</Trans>
        </button>
        <Link href={paths.statement} className="btn btn--ghost btn--small" data-testid="statement-link">
          <Trans>Monthly statement</Trans>
        </Link>
      </div>
      {open && (
        <form
          className="export-panel__form"
          aria-label={t`Export CSV`}
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          <SelectField label={<Trans>What to export</Trans>} value={kind} onChange={(e) => setKind(e.target.value as ExportKind)} name="kind">
            <option value="ledger">{t`Ledger (every balance change)`}</option>
            <option value="trades">{t`Trades (spot, contracts, forex and metals, options)`}</option>
            <option value="funding">{t`Deposits and withdrawals`}</option>
          </SelectField>
          <div className="export-panel__dates">
            <TextField label={<Trans>From</Trans>} type="date" name="from" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
            <TextField label={<Trans>To</Trans>} type="date" name="to" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
          </div>
          <p className="muted" style={{ fontSize: 12, margin: 0 }}>
            <Trans>Up to 366 days. Times in the file are in UTC, amounts with a decimal point, for spreadsheets and tax software.</Trans>
          </p>
          <button type="submit" className="btn btn--primary" disabled={busy || !from || !to} data-testid="export-download">
            <Trans>Download CSV</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
