import useSWR from "swr";
import { Trans } from "@lingui/react/macro";
import { formatAmount } from "@/shared/i18n/format";
import { Icon } from "@/shared/ui/icons";
import { DeskList } from "../desk-list";
import { getLedgerSummary } from "../funding-api";

/** What users hold, the platform accounts (sums of their postings) and the ledger's own invariant check. */
export function LedgerPage() {
  const { data, isLoading } = useSWR("backoffice/ledger/summary", () => getLedgerSummary({}, { silent: true }));
  const loading = isLoading || !data;
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Ledger</Trans>
        </h1>
      </div>
      {data && (
        <div
          role="status"
          style={{ display: "flex", gap: 10, alignItems: "flex-start", marginBottom: 16, maxWidth: 720, padding: 12, borderRadius: 8, fontSize: 14,
            background: `color-mix(in srgb, var(${data.problems.length ? "--danger" : "--up"}) 12%, transparent)` }}
        >
          <Icon name={data.problems.length ? "info" : "shield"} size={18} />
          <div>
            {data.problems.length ? (
              <>
                <strong>
                  <Trans>The ledger check found problems:</Trans>
                </strong>
                <ul>
                  {data.problems.map((p) => (
                    <li key={p} className="bo-code">
                      {p}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <Trans>Ledger check passed: every entry sums to zero, every balance equals its postings, nothing is negative, users and platform sum to zero.</Trans>
            )}
          </div>
        </div>
      )}
      <h2 className="section__title">
        <Trans>Users' holdings (liabilities)</Trans>
      </h2>
      <DeskList loading={loading} count={data?.liabilities.length ?? 0} empty={<Trans>No balances.</Trans>} emptyIcon="wallet" lines={3}>
        <table className="bo-table" style={{ maxWidth: 720 }}>
          <thead>
            <tr>
              <th><Trans>Currency</Trans></th>
              <th className="num"><Trans>Available</Trans></th>
              <th className="num"><Trans>Frozen</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data?.liabilities.map((l) => (
              <tr key={l.currency}>
                <td>{l.currency}</td>
                <td className="num">{formatAmount(l.available, l.currency, { showCurrency: false })}</td>
                <td className="num">{formatAmount(l.frozen, l.currency, { showCurrency: false })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
      <h2 className="section__title">
        <Trans>Platform accounts</Trans>
      </h2>
      <DeskList loading={loading} count={data?.platform.length ?? 0} empty={<Trans>No balances.</Trans>} emptyIcon="bank" lines={3}>
        <table className="bo-table" style={{ maxWidth: 720 }}>
          <thead>
            <tr>
              <th><Trans>Account</Trans></th>
              <th><Trans>Currency</Trans></th>
              <th className="num"><Trans>Balance</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data?.platform.map((p) => (
              <tr key={`${p.platform}-${p.currency}`}>
                <td className="bo-code">{p.platform}</td>
                <td>{p.currency}</td>
                <td className="num">{formatAmount(p.balance, p.currency, { showCurrency: false })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
    </>
  );
}
