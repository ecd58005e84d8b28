import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Alert } from "@contract/alerts";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { formatPrice, precisionOf } from "@/shared/market/format";
import { useQuotations } from "@/shared/market/quotations";
import { EmptyState } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { deleteAlert, pauseAlert, useAlerts } from "../api/alerts";
import { useAlertCondition } from "./alert-text";
import "./alerts.css";
import { Segments } from "@/shared/ui/segments";

/** My price alerts (`/pages/alerts/index`): active ones (pause, resume, delete) and those that fired, with their tick. */
export function AlertsPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<"active" | "fired">("active");
  const { data, error, mutate } = useAlerts();
  const { data: quotes } = useQuotations();
  const precisionFor = (symbol: string) => {
    const q = quotes?.find((x) => x.symbol === symbol);
    return q ? precisionOf(q) : 2;
  };
  const shown = data?.list.filter((a) => a.status === tab) ?? [];
  return (
    <Page title={<Trans>Price alerts</Trans>} nav="custom">
      <Segments
        as="tabs"
        label={t`Price alerts`}
        value={tab}
        onChange={setTab}
        segments={[
          { value: "active", label: <Trans context="price alerts">Active</Trans> },
          { value: "fired", label: <Trans>Fired</Trans> },
        ]}
      />
      {!data ? (
        error ? (
          <EmptyState icon="bell">
            <Trans>Alerts could not be loaded.</Trans>
            <div>
              <button type="button" className="btn btn--primary btn--small" style={{ marginTop: 8 }} onClick={() => void mutate()}>
                <Trans>Retry</Trans>
              </button>
            </div>
          </EmptyState>
        ) : null
      ) : shown.length === 0 ? (
        <EmptyState icon="bell">
          {tab === "active" ? <Trans>No active alerts. Tap the bell on a pair in the market or on its chart to add one.</Trans> : <Trans>No alert has fired yet.</Trans>}
          <div style={{ marginTop: 8 }}>
            <Link href={paths.market} className="btn btn--primary btn--small">
              <Trans>All markets</Trans>
            </Link>
          </div>
        </EmptyState>
      ) : (
        <ul className="alerts" data-testid="alerts-list">
          {shown.map((alert) => (
            <AlertRow key={alert.id} alert={alert} precision={precisionFor(alert.symbol)} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function AlertRow({ alert, precision }: { alert: Alert; precision: number }) {
  const { t } = useLingui();
  const condition = useAlertCondition();
  const [confirm, setConfirm] = useState(false);
  const pause = useAction(() => pauseAlert(alert.id, !alert.paused));
  const remove = useAction(async () => {
    await deleteAlert(alert.id);
    setConfirm(false);
  });
  return (
    <li className="alert-row" data-testid={`alert-${alert.id}`}>
      <Link href={`${paths.kline}?symbol=${encodeURIComponent(alert.symbol)}${alert.fired_tick ? `&at=${alert.fired_tick.at_ms}&price=${alert.fired_tick.price}` : ""}`} className="alert-row__main">
        <div className="alert-row__symbol">
          <Icon name="bell" size={16} /> {alert.symbol}
          {alert.paused && (
            <span className="badge">
              <Trans>Paused</Trans>
            </span>
          )}
          {alert.repeat === "always" && (
            <span className="badge">
              <Trans>Every time</Trans>
            </span>
          )}
        </div>
        <div className="alert-row__condition">{condition(alert, precision)}</div>
        {alert.fired_tick && (
          <div className="alert-row__fired faint">
            <Trans>
              Fired at {formatPrice(alert.fired_tick.price, precision)}, {formatDateTime(Math.floor(alert.fired_tick.at_ms / 1000))}
            </Trans>
          </div>
        )}
      </Link>
      <div className="alert-row__actions">
        {alert.status === "active" && (
          <button type="button" className="btn btn--ghost btn--small" disabled={pause.pending} onClick={() => void pause.run()} data-testid={`alert-pause-${alert.id}`}>
            {alert.paused ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
          </button>
        )}
        <button type="button" className="icon-btn" aria-label={t`Delete alert`} onClick={() => setConfirm(true)} data-testid={`alert-delete-${alert.id}`}>
          <Icon name="trash" size={18} />
        </button>
      </div>
      <ConfirmModal open={confirm} title={<Trans>Delete this alert?</Trans>} confirm={<Trans>Delete</Trans>} danger busy={remove.pending} onConfirm={() => void remove.run()} onClose={() => setConfirm(false)}>
        <p>{`${alert.symbol}: ${condition(alert, precision)}`}</p>
      </ConfirmModal>
    </li>
  );
}
