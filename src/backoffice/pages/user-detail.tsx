import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { KeyValue } from "@/shared/ui/key-value";
import { useMe } from "../api";
import { getUserDetail, type UserDetailData } from "../kyc-api";
import { PhotosModal, ReviewStatusBadge, SubmissionFacts } from "./kyc-parts";
import { AccountState, Adjustment } from "./user-actions";
import { UserLedger } from "./user-ledger";


export function StateBadges({ frozen, locked }: { frozen: boolean; locked: boolean }) {
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

export function UserDetail({ id, onBack }: { id: number; onBack: () => void }) {
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
                        <td className="num">{formatAmount(w.available, w.currency, { showCurrency: false })}</td>
                        <td className="num">{formatAmount(w.frozen, w.currency, { showCurrency: false })}</td>
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
          <UserLedger userId={id} version={data.wallets.map((w) => `${w.currency}:${w.available}:${w.frozen}`).join()} />
          <History detail={data} />
          <PhotosModal submission={showPhotos ? data.kyc : null} onClose={() => setShowPhotos(false)} />
        </>
      )}
    </>
  );
}

function Profile({ detail }: { detail: UserDetailData }) {
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
      <KeyValue label={<Trans>Passkeys</Trans>}>
        <span className="num">{p.passkeys}</span>
      </KeyValue>
    </section>
  );
}

function History({ detail }: { detail: UserDetailData }) {
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
