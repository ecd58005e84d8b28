import { useState, type ReactNode } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { SelectField, TextField } from "@/shared/ui/field";
import { formatDecimal, formatTickTime } from "@/shared/i18n/format";
import { DeskList } from "./desk-list";

/** One column of an order list: its heading and what a row shows in it. */
export interface OrderColumn<R> {
  head: ReactNode;
  num?: boolean;
  cell: (row: R) => ReactNode;
  /** Extra class of the cell (a P&L coloured by its sign). */
  tone?: (row: R) => string;
}

/** One platform account shown above the list (the counterparty of the orders). */
export interface DeskAccount {
  key: string;
  testId: string;
  label: ReactNode;
  balance: ReactNode;
}

export interface OrderQuery<S extends string> {
  page: number;
  limit: number;
  status?: S;
  user_id?: number;
  symbol?: string;
}

const LIMIT = 30;

/**
 * The back office's read-only order lists (positions, spot orders, timed options): the platform accounts behind
 * them, filters by status, user and symbol, and the orders by the page's columns, refreshed every 5 s. Nothing here
 * acts on an order: outcomes come from the feed's recorded ticks only.
 */
export function ReadOnlyOrders<S extends string, D extends { list: { id: number }[]; total: number }>({
  title,
  accountsTitle,
  accountsLabel,
  accounts,
  statuses,
  initialStatus = "",
  swrKey,
  load,
  columns,
  rowTestId,
  empty,
}: {
  title: ReactNode;
  accountsTitle: ReactNode;
  /** The accounts section's name for screen readers (default: Platform accounts). */
  accountsLabel?: string;
  accounts: (data: NoInfer<D>) => DeskAccount[];
  statuses: readonly { value: S; name: string }[];
  initialStatus?: S | "";
  swrKey: string;
  load: (query: OrderQuery<S>) => Promise<D>;
  columns: readonly OrderColumn<NoInfer<D>["list"][number]>[];
  rowTestId: (row: NoInfer<D>["list"][number]) => string;
  empty: ReactNode;
}) {
  const { t } = useLingui();
  const [status, setStatus] = useState<S | "">(initialStatus);
  const [user, setUser] = useState("");
  const [symbol, setSymbol] = useState("");
  const [page, setPage] = useState(1);
  const query: OrderQuery<S> = {
    page,
    limit: LIMIT,
    status: status || undefined,
    user_id: /^\d+$/.test(user.trim()) ? Number(user.trim()) : undefined,
    symbol: symbol.trim() ? symbol.trim().toUpperCase() : undefined,
  };
  const { data, isLoading } = useSWR([swrKey, query], () => load(query), { refreshInterval: 5_000 });
  // A new filter starts again at its first page.
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const accountRows = data ? accounts(data) : [];
  return (
    <>
      <div className="bo__head">
        <h1>{title}</h1>
      </div>
      <section className="card" style={{ marginBottom: 12 }} aria-label={accountsLabel ?? t`Platform accounts`}>
        <h2 style={{ fontSize: 15, marginBottom: 8 }}>{accountsTitle}</h2>
        {accountRows.length ? (
          <table className="bo-table">
            <tbody>
              {accountRows.map((a) => (
                <tr key={a.key} data-testid={a.testId}>
                  <td>{a.label}</td>
                  <td className="num">{a.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          "-"
        )}
      </section>
      <div className="bo-toolbar">
        <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => filter(setStatus)(e.target.value as S | "")}>
          <option value="">{t`All`}</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <TextField label={<Trans>User id</Trans>} inputMode="numeric" value={user} onChange={(e) => filter(setUser)(e.target.value)} />
        <TextField label={<Trans>Symbol</Trans>} value={symbol} placeholder="BTC/USDT" onChange={(e) => filter(setSymbol)(e.target.value)} />
      </div>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={empty} emptyIcon="trade" pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i} className={c.num ? "num" : undefined}>
                    {c.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.id} data-testid={rowTestId(row)}>
                  {columns.map((c, i) => (
                    <td key={i} className={[c.num ? "num" : "", c.tone?.(row) ?? ""].join(" ").trim() || undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}

/** A recorded tick as the lists show it: price @ UTC time to the second. */
export const tickText = (tick: { price: string; at_ms: number } | null | undefined) =>
  tick ? `${formatDecimal(tick.price)} @ ${formatTickTime(tick.at_ms)}` : "-";
