import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { KeyValue } from "@/shared/ui/key-value";
import { useMe } from "../api";
import { adjustBalance, freezeUser, getUserDetail, getUserLedger, lockUser, searchUsers, unfreezeUser, unlockUser } from "../kyc-api";
import { DeskList } from "../desk-list";
import { PhotosModal, ReviewStatusBadge, SubmissionFacts } from "./kyc-parts";

const LIMIT = 20;
const LEDGER_LIMIT = 15;

type Detail = Awaited<ReturnType<typeof getUserDetail>>;
type StateAction = "freeze" | "unfreeze" | "lock" | "unlock";

/** A key per adjustment form: a double click or a retry adjusts once (the server's idempotency). */
const newKey = () => `bo-${crypto.randomUUID()}`;

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
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No users found.</Trans>} emptyIcon="users" page={page} total={data?.total ?? 0} limit={LIMIT} onPage={setPage}>
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

function StateBadges({ frozen, locked }: { frozen: boolean; locked: boolean }) {
  return (
    <span className="bo-badges">
      {frozen && (
        <span className="badge badge--danger">
          <Trans>Frozen</Trans>
        </span>
      )}
      {locked && (
        <span className="badge badge--warn">
          <Trans>Locked</Trans>
        </span>
      )}
      {!frozen && !locked && (
        <span className="badge badge--up">
          <Trans>Active</Trans>
        </span>
      )}
    </span>
  );
}

function UserDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useLingui();
  const { data: me } = useMe();
  const { data, isLoading, mutate } = useSWR(["backoffice/users/detail", id], () => getUserDetail({ user_id: id }, { silent: true }));
  const [showPhotos, setShowPhotos] = useState(false);
  const isAdmin = me?.role === "admin";
  const seesPhotos = me?.role === "admin" || me?.role === "reviewer";
  return (
    <>
      <div className="bo__head">
        <h1 style={{ display: "flex", gap: 10, alignItems: "center", flexWrap: "wrap" }}>
          <button type="button" className="icon-btn" onClick={onBack} aria-label={t`All users`}>
            <Icon name="back" size={20} />
          </button>
          {data ? data.profile.account : <Trans>User</Trans>}
          {data && <StateBadges frozen={data.state.frozen} locked={data.state.locked} />}
        </h1>
      </div>
      {isLoading || !data ? (
        <Skeleton lines={10} />
      ) : (
        <>
          <div className="bo-grid">
            <Profile detail={data} />
            <AccountState detail={data} canAct={isAdmin} onChanged={() => void mutate()} />
            <section className="bo-panel">
              <h2>
                <Trans>Identity verification</Trans>
                <ReviewStatusBadge status={data.profile.review_status} />
              </h2>
              {data.kyc ? (
                <>
                  <SubmissionFacts submission={data.kyc} />
                  {seesPhotos && (
                    <button type="button" className="btn btn--ghost btn--small" style={{ marginTop: 8 }} onClick={() => setShowPhotos(true)}>
                      <Trans>Photos</Trans>
                    </button>
                  )}
                </>
              ) : (
                <p className="faint" style={{ margin: 0 }}>
                  <Trans>Nothing submitted yet.</Trans>
                </p>
              )}
            </section>
            <section className="bo-panel">
              <h2>
                <Trans>Wallets</Trans>
              </h2>
              {data.wallets.length ? (
                <table className="bo-table">
                  <thead>
                    <tr>
                      <th>
                        <Trans>Currency</Trans>
                      </th>
                      <th className="num">
                        <Trans>Available</Trans>
                      </th>
                      <th className="num">
                        <Trans>Frozen</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.wallets.map((w) => (
                      <tr key={w.currency} data-testid={`bo-wallet-${w.currency}`}>
                        <td>{w.currency}</td>
                        <td className="num">{formatDecimal(w.available)}</td>
                        <td className="num">{formatDecimal(w.frozen)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="faint" style={{ margin: 0 }}>
                  <Trans>No wallet has moved yet.</Trans>
                </p>
              )}
              {isAdmin && <Adjustment detail={data} onDone={() => void mutate()} />}
            </section>
          </div>
          <Ledger userId={id} version={data.wallets.map((w) => `${w.currency}:${w.available}:${w.frozen}`).join()} />
          <History detail={data} />
          <PhotosModal submission={showPhotos ? data.kyc : null} onClose={() => setShowPhotos(false)} />
        </>
      )}
    </>
  );
}

function Profile({ detail }: { detail: Detail }) {
  const p = detail.profile;
  const yes = <Trans>Yes</Trans>;
  const no = <Trans>No</Trans>;
  return (
    <section className="bo-panel bo-facts">
      <h2>
        <Trans>Profile</Trans>
      </h2>
      <KeyValue label={<Trans>Id</Trans>}>
        <span className="num">{p.id}</span>
      </KeyValue>
      <KeyValue label={<Trans>E-mail</Trans>}>
        <span>{p.email ?? "-"}</span>
      </KeyValue>
      <KeyValue label={<Trans>Invited by</Trans>}>
        <span>{p.inviter_account ? `${p.inviter_account} #${p.inviter_id}` : "-"}</span>
      </KeyValue>
      <KeyValue label={<Trans>Invitation code</Trans>}>
        <span className="bo-code">{p.invite_code}</span>
      </KeyValue>
      {p.wallet_address && (
        <KeyValue label={<Trans>Wallet address</Trans>}>
          <span className="bo-code">{p.wallet_address}</span>
        </KeyValue>
      )}
      <KeyValue label={<Trans>Language</Trans>}>
        <span>{p.lang}</span>
      </KeyValue>
      <KeyValue label={<Trans>Registered</Trans>}>
        <span className="num">{formatDateTime(p.created_at)}</span>
      </KeyValue>
      <KeyValue label={<Trans>Google 2FA</Trans>}>
        <span>{p.google_bound ? yes : no}</span>
      </KeyValue>
      <KeyValue label={<Trans>Trading password</Trans>}>
        <span>{p.has_trade_password ? yes : no}</span>
      </KeyValue>
      <KeyValue label={<Trans>Withdrawals paused until</Trans>}>
        <span className="num">{p.withdraw_locked_until ? formatDateTime(p.withdraw_locked_until) : "-"}</span>
      </KeyValue>
      <KeyValue label={<Trans>Active sessions</Trans>}>
        <span className="num">{p.active_sessions}</span>
      </KeyValue>
    </section>
  );
}

function AccountState({ detail, canAct, onChanged }: { detail: Detail; canAct: boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<StateAction | null>(null);
  const [reason, setReason] = useState("");
  const state = detail.state;
  const run = useAction(async (action: StateAction) => {
    const input = { user_id: detail.profile.id, reason: reason.trim() || undefined };
    const call = { freeze: freezeUser, unfreeze: unfreezeUser, lock: lockUser, unlock: unlockUser }[action];
    await call(input);
    const done = { freeze: t`Account frozen`, unfreeze: t`Account unfrozen`, lock: t`Account locked`, unlock: t`Account unlocked` }[action];
    showToast(done, "success");
    setAsking(null);
    setReason("");
    onChanged();
  });
  const titles: Record<StateAction, string> = {
    freeze: t`Freeze this account?`,
    unfreeze: t`Unfreeze this account?`,
    lock: t`Lock this account?`,
    unlock: t`Unlock this account?`,
  };
  const explain: Record<StateAction, string> = {
    freeze: t`The user is logged out everywhere and cannot log in ("account frozen, contact customer service") until an admin unfreezes the account.`,
    unfreeze: t`The user can log in again.`,
    lock: t`The user is logged out everywhere and cannot log in ("you are locked") until an admin unlocks the account.`,
    unlock: t`The user can log in again (this also ends a lock for wrong passwords).`,
  };
  return (
    <section className="bo-panel bo-facts">
      <h2>
        <Trans>Account state</Trans>
      </h2>
      <KeyValue label={<Trans>Frozen</Trans>}>
        <span>{state.frozen ? <Trans>Yes</Trans> : <Trans>No</Trans>}</span>
      </KeyValue>
      <KeyValue label={<Trans>Locked</Trans>}>
        <span>
          {!state.locked ? (
            <Trans>No</Trans>
          ) : state.locked_by_operator ? (
            <Trans>Yes, until an admin unlocks it</Trans>
          ) : (
            <Trans>Yes, after wrong passwords, until {formatDateTime(state.locked_until)}</Trans>
          )}
        </span>
      </KeyValue>
      {canAct && (
        <div className="bo-card__actions" style={{ marginTop: 10 }}>
          {state.frozen ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking("unfreeze")}>
              <Trans>Unfreeze</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--danger btn--small" onClick={() => setAsking("freeze")}>
              <Trans>Freeze</Trans>
            </button>
          )}
          {state.locked ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking("unlock")}>
              <Trans>Unlock</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--danger btn--small" onClick={() => setAsking("lock")}>
              <Trans>Lock</Trans>
            </button>
          )}
        </div>
      )}
      <ConfirmModal
        open={asking !== null}
        title={asking ? titles[asking] : ""}
        confirm={<Trans>Confirm</Trans>}
        danger={asking === "freeze" || asking === "lock"}
        busy={run.pending}
        onConfirm={() => asking && void run.run(asking)}
        onClose={() => setAsking(null)}
      >
        {asking && <p style={{ marginTop: 0 }}>{explain[asking]}</p>}
        <TextField label={<Trans>Reason (kept in the audit log)</Trans>} name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder={t`Optional`} />
      </ConfirmModal>
    </section>
  );
}

function Adjustment({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState({ currency: "USDT", amount: "", reason: "" });
  const [key, setKey] = useState(newKey);
  const [confirming, setConfirming] = useState(false);
  const amount = form.amount.trim();
  const debit = amount.startsWith("-");
  const magnitude = amount.replace(/^[-+]/, "");
  const currency = form.currency.trim().toUpperCase();
  const ready = /^[-+]?\d+(\.\d+)?$/.test(amount) && !/^0*(\.0*)?$/.test(magnitude) && form.reason.trim() !== "" && currency !== "";
  const submit = useAction(async () => {
    const answer = await adjustBalance({ user_id: detail.profile.id, currency: form.currency.trim(), amount: amount.replace(/^\+/, ""), reason: form.reason.trim(), idempotency_key: key });
    showToast(answer.duplicate ? t`Already adjusted (the same form was sent twice)` : t`Balance adjusted`, "success");
    setConfirming(false);
    setForm((f) => ({ ...f, amount: "", reason: "" }));
    setKey(newKey());
    onDone();
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) setConfirming(true);
      }}
      style={{ marginTop: 16 }}
      aria-label={t`Manual adjustment`}
    >
      <h2 style={{ fontSize: 14 }}>
        <Trans>Manual adjustment</Trans>
      </h2>
      <div className="bo-adjust">
        <TextField label={<Trans>Currency</Trans>} name="currency" value={form.currency} autoCapitalize="characters" onChange={(e) => setForm((f) => ({ ...f, currency: e.target.value }))} error={submit.errorOf("currency")} />
        <TextField
          label={<Trans>Amount (negative debits)</Trans>}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          placeholder={t`e.g. 25 or -25`}
          onChange={(e) => setForm((f) => ({ ...f, amount: e.target.value.replace(",", ".") }))}
          error={submit.errorOf("amount")}
        />
        <div className="bo-adjust__wide">
          <TextField
            label={<Trans>Reason (the user sees it in their records)</Trans>}
            name="adjust_reason"
            value={form.reason}
            maxLength={500}
            onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
            error={submit.errorOf("reason")}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--small bo-adjust__wide" disabled={!ready || submit.pending}>
          <Trans>Adjust balance</Trans>
        </button>
      </div>
      <ConfirmModal open={confirming} title={<Trans>Confirm the adjustment</Trans>} confirm={<Trans>Confirm</Trans>} busy={submit.pending} onConfirm={() => void submit.run()} onClose={() => setConfirming(false)}>
        <p style={{ marginTop: 0 }}>
          {debit ? (
            <Trans>
              Debit {formatDecimal(magnitude)} {currency} from {detail.profile.account}.
            </Trans>
          ) : (
            <Trans>
              Credit {formatDecimal(magnitude)} {currency} to {detail.profile.account}.
            </Trans>
          )}
        </p>
        <p className="faint" style={{ marginBottom: 0 }}>
          <Trans>Reason: {form.reason.trim()}</Trans>
        </p>
      </ConfirmModal>
    </form>
  );
}

function Ledger({ userId, version }: { userId: number; version: string }) {
  const [page, setPage] = useState(1);
  const query = { user_id: userId, page, limit: LEDGER_LIMIT };
  const { data, isLoading } = useSWR(["backoffice/users/ledger", query, version], () => getUserLedger(query, { silent: true }));
  return (
    <section className="bo-panel">
      <h2>
        <Trans>Ledger</Trans>
      </h2>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No entries yet.</Trans>} emptyIcon="record" lines={4} page={page} total={data?.total ?? 0} limit={LEDGER_LIMIT} onPage={setPage}>
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
                    {line.change.startsWith("-") ? "" : "+"}
                    {formatDecimal(line.change)} {line.currency}
                  </td>
                  <td className="num">
                    {formatDecimal(line.balance)} {line.currency}
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

function History({ detail }: { detail: Detail }) {
  return (
    <section className="bo-panel">
      <h2>
        <Trans>Latest actions on this account</Trans>
      </h2>
      {detail.actions.length ? (
        <ul className="bo-history">
          {detail.actions.map((a) => {
            const reason = typeof a.detail.reason === "string" ? a.detail.reason : null;
            return (
              <li key={a.id}>
                <span>
                  <span className="bo-code">{a.action}</span> · {a.actor_name ?? a.actor_kind}
                  {reason && <span className="faint"> · {reason}</span>}
                </span>
                <span className="faint num">{formatDateTime(a.created_at)}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="faint" style={{ margin: 0 }}>
          <Trans>Nothing yet.</Trans>
        </p>
      )}
    </section>
  );
}
