import { useState } from "react";
import useSWR from "swr";
import { Trans } from "@lingui/react/macro";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { getUserLedger } from "../kyc-api";
import { DeskList } from "../desk-list";

const LEDGER_LIMIT = 15;

export function UserLedger({ userId, version }: { userId: number; version: string }) {
  const [page, setPage] = useState(1);
  const query = { user_id: userId, page, limit: LEDGER_LIMIT };
  const { data, isLoading } = useSWR(["backoffice/users/ledger", query, version], () => getUserLedger(query, { silent: true }));
  return (
    <section className="bo-panel">
      <h2>
        <Trans>Ledger</Trans>
      </h2>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No entries yet.</Trans>} emptyIcon="record" lines={4} pager={{ page, total: data?.total ?? 0, limit: LEDGER_LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>
                  <Trans>Time</Trans>
                </th>
                <th>
                  <Trans>Entry</Trans>
                </th>
                <th>
                  <Trans>Cause</Trans>
                </th>
                <th className="num">
                  <Trans>Change</Trans>
                </th>
                <th className="num">
                  <Trans>Balance</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((line) => (
                <tr key={`${line.entry_id}-${line.currency}`} data-testid="bo-ledger-line">
                  <td style={{ whiteSpace: "nowrap" }}>{formatDateTime(line.created_at)}</td>
                  <td>
                    <span className="bo-code">{line.kind}</span> <span className="faint">#{line.entry_id}</span>
                    {line.memo && <div>{line.memo}</div>}
                  </td>
                  <td>
                    <span className="bo-code">
                      {line.cause_kind} {line.cause_id}
                    </span>
                  </td>
                  <td className={`num ${line.change.startsWith("-") ? "down" : "up"}`}>
                    {formatAmount(line.change, line.currency, { signed: true })}
                  </td>
                  <td className="num">
                    {formatAmount(line.balance, line.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </section>
  );
}
