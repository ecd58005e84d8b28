import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/i18n/format";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { searchUsers } from "../kyc-api";
import { DeskList } from "../desk-list";
import { ReviewStatusBadge } from "./kyc-parts";
import { StateBadges, UserDetail } from "./user-detail";

const LIMIT = 20;

/**
 * The Users desk: search by account, e-mail or id, then one user's whole picture (profile, verification, wallets,
 * ledger, what was done to the account). Admins act: freeze, lock, manual adjustment with a reason the user sees.
 * Support staff read, to answer users.
 */
export function UsersPage() {
  const [selected, setSelected] = useState<number | null>(null);
  return selected === null ? <UserSearch onOpen={setSelected} /> : <UserDetail id={selected} onBack={() => setSelected(null)} />;
}

function UserSearch({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const query = { q: q || undefined, page, limit: LIMIT };
  const { data, isLoading } = useSWR(["backoffice/users", query], () => searchUsers(query, { silent: true }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Users</Trans>
        </h1>
      </div>
      <form className="bo-search" onSubmit={search} role="search">
        <TextField label={<Trans>Account, e-mail or id</Trans>} name="q" value={text} onChange={(e) => setText(e.target.value)} placeholder={t`e.g. alice, alice@example.com or 42`} />
        <button type="submit" className="btn btn--primary">
          <Icon name="search" size={18} />
          <Trans>Search</Trans>
        </button>
      </form>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No users found.</Trans>} emptyIcon="users" pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th>
                  <Trans>Account</Trans>
                </th>
                <th>
                  <Trans>E-mail</Trans>
                </th>
                <th>
                  <Trans>Verification</Trans>
                </th>
                <th>
                  <Trans>State</Trans>
                </th>
                <th>
                  <Trans>Registered</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((u) => (
                <tr key={u.id} className="bo-row-link" onClick={() => onOpen(u.id)}>
                  <td className="num">{u.id}</td>
                  <td>
                    <button type="button" className="btn btn--link" onClick={() => onOpen(u.id)}>
                      {u.account}
                    </button>
                  </td>
                  <td>{u.email ?? ""}</td>
                  <td>
                    <ReviewStatusBadge status={u.review_status} />
                  </td>
                  <td>
                    <StateBadges frozen={u.frozen} locked={u.locked} />
                  </td>
                  <td className="num">{formatDateTime(u.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}
