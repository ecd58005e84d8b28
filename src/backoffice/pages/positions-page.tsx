import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CloseReason, PositionStatus } from "@contract/positions";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { SelectField, TextField } from "@/shared/ui/field";
import { DeskList } from "../desk-list";
import { getPositions } from "../positions-api";
import { kindText } from "./market-parts";

const LIMIT = 30;
const STATUSES: PositionStatus[] = ["pending", "open", "closing", "closed", "cancelled"];

/**
 * Every user's positions, read only (filter by status, user, symbol), and the platform's trading (counterparty) and
 * insurance accounts. Nothing here opens, closes or prices a position: outcomes come from the feed's ticks only.
 */
export function PositionsPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<PositionStatus | "">("open");
  const [user, setUser] = useState("");
  const [symbol, setSymbol] = useState("");
  const [page, setPage] = useState(1);
  const userId = /^\d+$/.test(user.trim()) ? Number(user.trim()) : undefined;
  const query = { page, limit: LIMIT, status: status || undefined, user_id: userId, symbol: symbol.trim() ? symbol.trim().toUpperCase() : undefined };
  const { data, isLoading } = useSWR(["backoffice/positions", query], () => getPositions(query, { silent: true }), { refreshInterval: 5_000 });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const reasonName: Record<CloseReason, string> = { user: t`By the user`, tp: t`Take-profit`, sl: t`Stop-loss`, liquidation: t`Liquidation`, close_all: t`Close all` };
  const statusName: Record<PositionStatus, string> = { pending: t`Pending`, open: t`Open`, closing: t`Closing`, closed: t`Closed`, cancelled: t`Cancelled` };
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Positions</Trans>
        </h1>
      </div>
      <section className="card" style={{ marginBottom: 12 }} aria-label={t`Platform accounts`}>
        <h2 style={{ fontSize: 15, marginBottom: 8 }}>
          <Trans>Platform accounts</Trans>
        </h2>
        {data ? (
          <table className="bo-table">
            <tbody>
              {withBothAccounts(data.accounts).map((a) => (
                <tr key={`${a.platform}-${a.currency}`} data-testid={`platform-${a.platform}`}>
                  <td>{a.platform === "trading" ? t`Trading (counterparty)` : a.platform === "insurance" ? t`Insurance fund` : a.platform}</td>
                  <td className="num">
                    {formatDecimal(a.balance)} {a.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          "-"
        )}
      </section>
      <div className="bo-toolbar">
        <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => filter(setStatus)(e.target.value as PositionStatus | "")}>
          <option value="">{t`All`}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusName[s]}
            </option>
          ))}
        </SelectField>
        <TextField label={<Trans>User id</Trans>} inputMode="numeric" value={user} onChange={(e) => filter(setUser)(e.target.value)} />
        <TextField label={<Trans>Symbol</Trans>} value={symbol} placeholder="BTC/USDT" onChange={(e) => filter(setSymbol)(e.target.value)} />
      </div>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No positions here.</Trans>} emptyIcon="trade" page={page} total={data?.total ?? 0} limit={LIMIT} onPage={setPage}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                <th><Trans>Symbol</Trans></th>
                <th><Trans>Side</Trans></th>
                <th className="num"><Trans>Quantity</Trans></th>
                <th className="num"><Trans>Open price</Trans></th>
                <th className="num"><Trans>Margin</Trans></th>
                <th className="num"><Trans>P&L</Trans></th>
                <th className="num"><Trans>Liq. price</Trans></th>
                <th><Trans>Status</Trans></th>
                <th><Trans>Close</Trans></th>
                <th><Trans>Opened</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((p) => (
                <tr key={p.id} data-testid={`position-${p.id}`}>
                  <td className="num">{p.id}</td>
                  <td>
                    {p.account} <span className="faint">#{p.user_id}</span>
                  </td>
                  <td>
                    {p.symbol} <span className="faint">{kindText(p.kind)}</span>
                  </td>
                  <td>
                    {p.direction === "long" ? t`Long` : t`Short`} {p.leverage}x {p.type === "limit" ? <span className="faint">{t`limit ${p.price ?? ""}`}</span> : null}
                  </td>
                  <td className="num">{formatDecimal(p.quantity)}</td>
                  <td className="num">{p.open_price ?? "-"}</td>
                  <td className="num">{formatDecimal(p.margin)}</td>
                  <td className={`num ${p.pnl.startsWith("-") ? "down" : "up"}`}>{formatDecimal(p.pnl)}</td>
                  <td className="num">{p.liquidation_price ?? "-"}</td>
                  <td>{statusName[p.status]}</td>
                  <td>
                    {p.close_reason ? reasonName[p.close_reason] : ""} {p.close_tick ? <span className="faint num">{p.close_tick.price} @ {new Date(p.close_tick.at_ms).toISOString()}</span> : null}
                  </td>
                  <td className="num">{formatDateTime(p.opened_at ?? p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}

/** The trading and insurance accounts always show, at 0 before their first entry. */
function withBothAccounts(accounts: { platform: string; currency: string; balance: string }[]) {
  const missing = ["trading", "insurance"].filter((platform) => !accounts.some((a) => a.platform === platform)).map((platform) => ({ platform, currency: "USDT", balance: "0" }));
  return [...accounts, ...missing];
}
