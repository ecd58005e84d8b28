import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/i18n/format";
import { SelectField, TextField } from "@/shared/ui/field";
import { getAudit } from "../api";
import { DeskList } from "../desk-list";

const LIMIT = 50;

/** The audit log: who did what, when, to what; filterable by actor kind and target. */
export function AuditPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [actorKind, setActorKind] = useState<"" | "operator" | "user" | "system">("");
  const [targetKind, setTargetKind] = useState("");
  const [targetId, setTargetId] = useState("");
  const query = { page, limit: LIMIT, actor_kind: actorKind || undefined, target_kind: targetKind || undefined, target_id: targetId || undefined };
  const { data, isLoading } = useSWR(["backoffice/audit", query], () => getAudit(query, { silent: true }));
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Audit log</Trans>
        </h1>
      </div>
      <div className="bo-toolbar">
        <SelectField label={<Trans>Actor</Trans>} value={actorKind} onChange={(e) => { setActorKind(e.target.value as typeof actorKind); setPage(1); }}>
          <option value="">{t`All`}</option>
          <option value="operator">{t`Operator`}</option>
          <option value="user">{t`User`}</option>
          <option value="system">{t`System`}</option>
        </SelectField>
        {/* eslint-disable-next-line lingui/no-unlocalized-strings -- examples of target kinds: the server's own identifiers, typed as they are */}
        <TextField label={<Trans>Target kind</Trans>} value={targetKind} onChange={(e) => { setTargetKind(e.target.value); setPage(1); }} placeholder="user, deposit..." />
        <TextField label={<Trans>Target id</Trans>} value={targetId} onChange={(e) => { setTargetId(e.target.value); setPage(1); }} />
      </div>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} emptyIcon="record" pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th><Trans>Time</Trans></th>
                <th><Trans>Actor</Trans></th>
                <th><Trans>Action</Trans></th>
                <th><Trans>Target</Trans></th>
                <th><Trans>Detail</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((entry) => (
                <tr key={entry.id}>
                  <td className="num" style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.created_at)}</td>
                  <td>
                    {entry.actor_kind} {entry.actor_name ?? entry.actor_id ?? ""}
                  </td>
                  <td className="bo-code bo-code--name">{entry.action}</td>
                  <td>
                    {entry.target_kind} {entry.target_id}
                  </td>
                  <td className="bo-code">{JSON.stringify(entry.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}
