import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SpotStatus } from "@contract/spot";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { SelectField, TextField } from "@/shared/ui/field";
import { DeskList } from "../desk-list";
import { getSpotOrders } from "../spot-api";

const LIMIT = 30;
const STATUSES: SpotStatus[] = ["open", "filled", "cancelled"];

/**
 * Every user's spot orders, read only (filter by status, user, symbol), and the platform's spot desk (the
 * counterparty of every fill) per currency. Nothing here places, fills, prices or cancels an order: fills come from
 * the feed's recorded ticks only, and each names its tick.
 */
export function SpotOrdersPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<SpotStatus | "">("");
  const [user, setUser] = useState("");
  const [symbol, setSymbol] = useState("");
  const [page, setPage] = useState(1);
  const userId = /^\d+$/.test(user.trim()) ? user.trim() : undefined;
  const query = { page, limit: LIMIT, status: status || undefined, user_id: userId, symbol: symbol.trim() ? symbol.trim().toUpperCase() : undefined };
  const { data, isLoading } = useSWR(["backoffice/spot/orders", query], () => getSpotOrders(query, { silent: true }), { refreshInterval: 5_000 });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const statusName: Record<SpotStatus, string> = { open: t`In transaction`, filled: t`Completed`, cancelled: t`Cancelled` };
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Spot orders</Trans>
        </h1>
      </div>
      <section className="card" style={{ marginBottom: 12 }} aria-label={t`Spot desk`}>
        <h2 style={{ fontSize: 15, marginBottom: 8 }}>
          <Trans>Spot desk (counterparty of every fill)</Trans>
        </h2>
        {data && data.accounts.length ? (
          <table className="bo-table">
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.currency} data-testid={`spot-desk-${a.currency}`}>
                  <td>{a.currency}</td>
                  <td className="num">{formatDecimal(a.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          "-"
        )}
      </section>
      <div className="bo-toolbar">
        <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => filter(setStatus)(e.target.value as SpotStatus | "")}>
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
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No spot orders here.</Trans>} emptyIcon="trade" page={page} total={data?.total ?? 0} limit={LIMIT} onPage={setPage}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                <th><Trans>Symbol</Trans></th>
                <th><Trans>Side</Trans></th>
                <th className="num"><Trans>Quantity</Trans></th>
                <th className="num"><Trans>Limit price</Trans></th>
                <th className="num"><Trans>Filled price</Trans></th>
                <th className="num"><Trans>Amount</Trans></th>
                <th className="num"><Trans>Fee</Trans></th>
                <th><Trans>Status</Trans></th>
                <th><Trans>Tick</Trans></th>
                <th><Trans>Placed</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((o) => (
                <tr key={o.id} data-testid={`spot-order-${o.id}`}>
                  <td className="num">{o.id}</td>
                  <td>
                    {o.account} <span className="faint">#{o.user_id}</span>
                  </td>
                  <td>{o.symbol}</td>
                  <td>
                    {o.side === "buy" ? t`Buy` : t`Sell`} <span className="faint">{o.type === "limit" ? t`Limit` : t`Market`}</span>
                  </td>
                  <td className="num">{formatDecimal(o.quantity)}</td>
                  <td className="num">{o.price ?? "-"}</td>
                  <td className="num">{o.filled_price ?? "-"}</td>
                  <td className="num">{o.amount ? `${formatDecimal(o.amount)} ${o.quote}` : "-"}</td>
                  <td className="num">{o.fee ? `${formatDecimal(o.fee)} ${o.fee_currency}` : "-"}</td>
                  <td>{statusName[o.status]}</td>
                  <td className="num">{o.tick ? `${o.tick.price} @ ${new Date(o.tick.at_ms).toISOString().replace("T", " ").slice(0, 19)}` : "-"}</td>
                  <td className="num">{formatDateTime(o.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}
