import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AlertKind } from "@contract/alerts";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Icon } from "@/shared/ui/icons";
import { Modal } from "@/shared/ui/modal";
import { SelectField, TextField } from "@/shared/ui/field";
import { addAlert } from "../api/alerts";
import { percentToFraction } from "../model/alert-input";
import { Segments } from "@/shared/ui/segments";
import { decimalInput } from "@/shared/i18n/decimal-input";

const WINDOWS = [60, 300, 3600, 86400] as const;

/**
 * The bell: opens a small form to add a price alert on a pair (above or below a price, prefilled with the last one,
 * or a move within a window; once or every time). Used on the chart, the spot ticket and the market rows.
 */
export function AlertButton({ symbol, last, compact = false }: { symbol: string; last?: string; compact?: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={compact ? "icon-btn alert-bell alert-bell--compact" : "btn btn--ghost btn--small alert-bell"}
        aria-label={t`Price alert for ${symbol}`}
        title={t`Price alert`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        data-testid={`alert-bell-${symbol}`}
      >
        <Icon name="bell" size={compact ? 18 : 16} />
        {!compact && <Trans>Alert</Trans>}
      </button>
      {open && <AlertSheet symbol={symbol} last={last ?? ""} onClose={() => setOpen(false)} />}
    </>
  );
}

function AlertSheet({ symbol, last, onClose }: { symbol: string; last: string; onClose: () => void }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<AlertKind>("above");
  const [price, setPrice] = useState(last);
  const [percent, setPercent] = useState("5");
  const [windowS, setWindowS] = useState<(typeof WINDOWS)[number]>(3600);
  const [always, setAlways] = useState(false);
  const save = useAction(async () => {
    const rate = kind === "move" ? (percentToFraction(percent) ?? percent) : undefined;
    await addAlert({ symbol, kind, repeat: always ? "always" : "once", ...(kind === "move" ? { rate, window_s: windowS } : { price: price.trim() }) });
    showToast(t`Alert added`, "success");
    onClose();
  });
  const kinds: { id: AlertKind; label: string }[] = [
    { id: "above", label: t`Above` },
    { id: "below", label: t`Below` },
    { id: "move", label: t`Moves` },
  ];
  const windowLabels: Record<(typeof WINDOWS)[number], string> = { 60: t`1 minute`, 300: t`5 minutes`, 3600: t`1 hour`, 86400: t`24 hours` };
  return (
    <Modal
      open
      title={<Trans>Price alert: {symbol}</Trans>}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn--primary" disabled={save.pending} onClick={() => void save.run()} data-testid="alert-save">
            <Trans>Add alert</Trans>
          </button>
        </>
      }
    >
      <Segments
        as="tabs"
        label={t`Alert when the price`}
        value={kind}
        onChange={setKind}
        segments={kinds.map((item) => ({ value: item.id, label: item.label, attrs: { "data-testid": `alert-kind-${item.id}` } }))}
      />
      <div style={{ marginTop: 12 }}>
        {kind === "move" ? (
          <>
            <TextField label={<Trans>Move of at least</Trans>} {...decimalInput(percent, setPercent)} suffix={<span className="faint">%</span>} error={save.errorOf("rate")} hint={<Trans>0.1% to 50%, up or down</Trans>} />
            <SelectField label={<Trans>Within</Trans>} value={windowS} onChange={(e) => setWindowS(Number(e.target.value) as (typeof WINDOWS)[number])}>
              {WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {windowLabels[w]}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          <TextField label={<Trans>Price</Trans>} {...decimalInput(price, setPrice)} error={save.errorOf("price")} data-testid="alert-price" />
        )}
      </div>
      <label className="alert-repeat">
        <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} />
        <span>
          <Trans>Every time (not only once)</Trans>
        </span>
      </label>
    </Modal>
  );
}
