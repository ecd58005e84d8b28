import { Trans, useLingui } from "@lingui/react/macro";
import { copyText } from "@/shared/lib/clipboard";
import { formatAmount, formatDateTime, formatPercent } from "@/shared/i18n/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { QrCode } from "@/shared/ui/qr-code";
import { useInvite, type Invite } from "../api/invite";
import "./referral.css";

/**
 * /pages/friend/index: the invitation code and link (copy, share, QR), the reward with the conditions the programme
 * really applies (from its configuration), the commission shares, the invitees (masked) and what was earned.
 */
export function FriendPage() {
  const { t } = useLingui();
  const { data, error } = useInvite();
  return (
    <Page title={<Trans>Invite friends</Trans>}>
      {!data && !error ? <Skeleton lines={6} /> : data ? <Invitation invite={data} /> : <EmptyState />}
    </Page>
  );

  function Invitation({ invite }: { invite: Invite }) {
    const share = async () => {
      try {
        await navigator.share({ title: t`Join me on TradeWise`, text: t`Register with my invitation code ${invite.invite_code}`, url: invite.link });
      } catch {
        // The user closed the share sheet: nothing to do.
      }
    };
    const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
    return (
      <>
        <section className="card referral-card" aria-label={t`Your invitation`}>
          <div className="referral-code">
            <span className="faint">
              <Trans>Invitation code</Trans>
            </span>
            <strong data-testid="invite-code">{invite.invite_code}</strong>
            <button type="button" className="btn btn--small btn--ghost" onClick={() => void copyText(invite.invite_code)}>
              <Icon name="copy" size={16} /> <Trans>Copy code</Trans>
            </button>
          </div>
          <div className="referral-qr">
            <QrCode text={invite.link} label={t`QR code of your invitation link`} />
          </div>
          <div className="referral-link" data-testid="invite-link">
            {invite.link}
          </div>
          <div className="referral-actions">
            <button type="button" className="btn btn--primary" onClick={() => void copyText(invite.link)}>
              <Trans>Copy link</Trans>
            </button>
            {canShare && (
              <button type="button" className="btn btn--ghost" onClick={() => void share()}>
                <Trans>Share</Trans>
              </button>
            )}
          </div>
        </section>

        <section className="card" aria-label={t`Reward`}>
          <h2 className="section__title">
            <Trans>Your reward</Trans>
          </h2>
          {invite.reward.enabled ? (
            <>
              <p>
                <Trans>
                  You receive {formatAmount(invite.reward.amount, invite.reward.currency, { showCurrency: false })} {invite.reward.currency} once for each friend you invite directly who:
                </Trans>
              </p>
              <ul className="referral-conditions">
                {invite.reward.conditions.includes("kyc") && (
                  <li>
                    <Trans>passes identity verification (KYC)</Trans>
                  </li>
                )}
                {invite.reward.conditions.includes("first_deposit") && (
                  <li>
                    <Trans>has a first deposit approved</Trans>
                  </li>
                )}
              </ul>
            </>
          ) : (
            <p>
              <Trans>The invitation reward is paused at the moment.</Trans>
            </p>
          )}
          <p className="faint">
            <Trans>
              Commission: {formatPercent(Number(invite.commission.direct_rate) * 100, 0, false)} of the trading fees your direct friends pay and {formatPercent(Number(invite.commission.indirect_rate) * 100, 0, false)} of those their friends pay. Never a share of anybody's deposits.
            </Trans>
          </p>
        </section>

        <section className="card referral-stats" aria-label={t`Summary`}>
          <div>
            <strong>{invite.direct}</strong>
            <span className="faint">
              <Trans>Direct</Trans>
            </span>
          </div>
          <div>
            <strong>{invite.indirect}</strong>
            <span className="faint">
              <Trans>Indirect</Trans>
            </span>
          </div>
          <div>
            <strong>{formatAmount(invite.income_total, invite.reward.currency, { showCurrency: false })}</strong>
            <span className="faint">
              <Trans>Earned ({invite.reward.currency})</Trans>
            </span>
          </div>
        </section>

        <h2 className="section__title">
          <Trans>Invited friends</Trans>
        </h2>
        {invite.list.length === 0 ? (
          <EmptyState icon="users">
            <Trans>Nobody has registered with your code yet.</Trans>
          </EmptyState>
        ) : (
          <div className="list">
            {invite.list.map((friend, i) => (
              <div key={`${friend.account}-${i}`} className="referral-row">
                <span>{friend.account}</span>
                <span className="faint">{friend.level === 1 ? t`Direct` : t`Indirect`}</span>
                <span className="faint">{formatDateTime(friend.joined_at)}</span>
                {friend.level === 1 && <span className={friend.qualified ? "badge badge--up" : "badge"}>{friend.qualified ? t`Reward paid` : t`Not qualified yet`}</span>}
              </div>
            ))}
          </div>
        )}

        <h2 className="section__title">
          <Trans>Income records</Trans>
        </h2>
        {invite.records.length === 0 ? (
          <EmptyState icon="record">
            <Trans>No income yet.</Trans>
          </EmptyState>
        ) : (
          <div className="list">
            {invite.records.map((record, i) => (
              <div key={i} className="referral-row">
                <span>{record.kind === "reward" ? t`Invitation reward` : t`Fee commission`}</span>
                <span className="faint">{record.from}</span>
                <span className="faint">{formatDateTime(record.created_at)}</span>
                <strong>
                  {formatAmount(record.amount, record.currency, { signed: true })}
                </strong>
              </div>
            ))}
          </div>
        )}
      </>
    );
  }
}
