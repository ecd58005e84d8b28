import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionResult, OptionStatus } from "@contract/options";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { SelectField, TextField } from "@/shared/ui/field";
import { DeskList } from "../desk-list";
import { getOptions } from "../options-api";
import { kindText } from "./market-parts";

const LIMIT = 30;
const tickText = (tick: { price: string; at_ms: number } | null) => (tick ? `${tick.price} @ ${new Date(tick.at_ms).toISOString().replace("T", " ").slice(0, 19)}` : "-");

/**
 * Every user's timed options, read only, with both ticks, and the platform's options account. Nothing here settles,
 * prices or decides an option: outcomes come from the feed's recorded ticks only.
 */
export function OptionsPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<OptionStatus | "">("");
  const [user, setUser] = useState("");
  const [symbol, setSymbol] = useState("");
  const [page, setPage] = useState(1);
  const userId = /^\d+$/.test(user.trim()) ? Number(user.trim()) : undefined;
  const query = { page, limit: LIMIT, status: status || undefined, user_id: userId, symbol: symbol.trim() ? symbol.trim().toUpperCase() : undefined };
  const { data, isLoading } = useSWR(["backoffice/options", query], () => getOptions(query, { silent: true }), { refreshInterval: 5_000 });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const resultName: Record<OptionResult, string> = { win: t`Won`, loss: t`Lost`, tie: t`Tie` };
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Timed options</Trans>
        </h1>
      </div>
      <section className="card" style={{ marginBottom: 12 }} aria-label={t`Platform accounts`}>
        <h2 style={{ fontSize: 15, marginBottom: 8 }}>
          <Trans>Options account (lost stakes in, winners' profit out)</Trans>
        </h2>
        {data ? (
          <table className="bo-table">
            <tbody>
              {(data.accounts.length ? data.accounts : [{ platform: "options", currency: "USDT", balance: "0" }]).map((a) => (
                <tr key={`${a.platform}-${a.currency}`} data-testid={`platform-${a.platform}`}>
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
        <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => filter(setStatus)(e.target.value as OptionStatus | "")}>
          <option value="">{t`All`}</option>
          <option value="open">{t`Open`}</option>
          <option value="settled">{t`Settled`}</option>
        </SelectField>
        <TextField label={<Trans>User id</Trans>} inputMode="numeric" value={user} onChange={(e) => filter(setUser)(e.target.value)} />
        <TextField label={<Trans>Symbol</Trans>} value={symbol} placeholder="BTC/USDT" onChange={(e) => filter(setSymbol)(e.target.value)} />
      </div>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No options here.</Trans>} emptyIcon="trade" page={page} total={data?.total ?? 0} limit={LIMIT} onPage={setPage}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                <th><Trans>Symbol</Trans></th>
                <th><Trans>Direction</Trans></th>
                <th className="num"><Trans>Period</Trans></th>
                <th className="num"><Trans>Stake</Trans></th>
                <th className="num"><Trans>Rate</Trans></th>
                <th><Trans>Opening tick</Trans></th>
                <th><Trans>Closing tick</Trans></th>
                <th><Trans>Result</Trans></th>
                <th className="num"><Trans>Paid back</Trans></th>
                <th><Trans>Placed</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((o) => (
                <tr key={o.id} data-testid={`option-${o.id}`}>
                  <td className="num">{o.id}</td>
                  <td>
                    {o.account} <span className="faint">#{o.user_id}</span>
                  </td>
                  <td>
                    {o.symbol} <span className="faint">{kindText(o.kind)}</span>
                  </td>
                  <td>{o.direction === "up" ? t`Up` : t`Down`}</td>
                  <td className="num">{o.seconds} s</td>
                  <td className="num">
                    {formatDecimal(o.amount)} {o.currency}
                  </td>
                  <td className="num">{o.rate}</td>
                  <td className="num">{tickText(o.open_tick)}</td>
                  <td className="num">{tickText(o.close_tick)}</td>
                  <td>{o.result ? resultName[o.result] : t`Open`}</td>
                  <td className="num">{o.payout === null ? "-" : formatDecimal(o.payout)}</td>
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
