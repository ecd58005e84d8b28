import type { ReactNode } from "react";
import useSWR from "swr";
import { Link } from "wouter";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SetupItemKey } from "@contract/backoffice";
import type { DocumentSlug } from "@contract/content";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { formatAmount } from "@/shared/i18n/format";
import { getOverview, useMe } from "../api";
import { DOCUMENT_NAMES } from "../document-names";
import { useOpens } from "../page-access";

type CountKey = "deposits" | "withdrawals" | "kyc" | "loans" | "support_chats" | "stale_pairs";

/** Each count and the queue page that works it off. */
const COUNTS: { key: CountKey; label: MessageDescriptor; path: string }[] = [
  { key: "deposits", label: msg`Pending deposits`, path: "/deposits" },
  { key: "withdrawals", label: msg`Pending withdrawals`, path: "/withdrawals" },
  { key: "kyc", label: msg`Pending identity checks`, path: "/kyc" },
  { key: "loans", label: msg`Pending loans`, path: "/loans" },
  { key: "support_chats", label: msg`Chats with unread messages`, path: "/support-chat" },
  { key: "stale_pairs", label: msg`Stale pairs`, path: "/feed" },
];

/** What each unfinished setup item keeps users from doing, and the page that fixes it. */
const SETUP: Record<SetupItemKey, { todo: MessageDescriptor; done: MessageDescriptor; path: string }> = {
  deposit_addresses: {
    todo: msg`Deposits are closed: no network has a receiving address.`,
    done: msg`Deposits are open: a receiving address is set.`,
    path: "/funding-config",
  },
  support_contact: {
    todo: msg`Users have no way to reach support: the support contact has no page or e-mail address.`,
    done: msg`The support contact is set.`,
    path: "/support",
  },
  documents: {
    todo: msg`Some documents are not published, so users see "not published yet" (the service agreement is the one they accept at registration):`,
    done: msg`Every document is published.`,
    path: "/documents",
  },
  earn_products: {
    todo: msg`Users cannot invest: there is no open earn product (AI arbitrage or hosting).`,
    done: msg`An earn product is open.`,
    path: "/earn",
  },
  proof_reserves: {
    todo: msg`No reserves are declared: the trust page proves what users are owed but shows nothing that covers it.`,
    done: msg`Reserves are declared and shown on the trust page.`,
    path: "/proof",
  },
  referral_reward: {
    todo: msg`The referral reward was never chosen: each invitation pays this default until you confirm or change it:`,
    done: msg`The referral reward is chosen.`,
    path: "/referral",
  },
};

/** Where an operator lands: the queues waiting for work and what users cannot do yet, each linking to its page. */
export function OverviewPage() {
  const { i18n } = useLingui();
  const { data, error } = useSWR("backoffice/overview", () => getOverview({}, { silent: true }), { refreshInterval: 15_000 });
  // A page the operator's role does not open is shown as text, without a link.
  const { data: me } = useMe();
  const opens = useOpens();
  const linkTo = (path: string, children: ReactNode) => (opens(path) ? <Link href={path}>{children}</Link> : children);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Overview</Trans>
        </h1>
      </div>
      <p className="faint" style={{ marginTop: 0 }}>
        <Trans>
          Signed in as {me?.name} ({me?.role}). Every action you take here is written to the audit log with your name.
        </Trans>
      </p>
      {!data ? (
        error ? (
          <EmptyState icon="home">
            <Trans>The overview could not be loaded.</Trans>
          </EmptyState>
        ) : (
          <Skeleton lines={6} />
        )
      ) : (
        <>
          <section className="card" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: 12, marginBottom: 16 }}>
            {COUNTS.map((count) => (
              <div key={count.key} data-testid={`count-${count.key}`}>
                <div className="faint" style={{ fontSize: 12 }}>
                  {linkTo(count.path, i18n._(count.label))}
                </div>
                <div style={{ fontWeight: 600, fontSize: 22, marginTop: 2 }} className={data.counts[count.key] > 0 ? "down" : undefined}>
                  {data.counts[count.key]}
                </div>
              </div>
            ))}
            {/* Not a queue: how many devices get Web Push (on a live session); nothing else about them is shown. */}
            <div data-testid="count-push_devices">
              <div className="faint" style={{ fontSize: 12 }}>
                <Trans>Devices with push notifications</Trans>
              </div>
              <div style={{ fontWeight: 600, fontSize: 22, marginTop: 2 }}>{data.counts.push_devices}</div>
            </div>
          </section>

          <h2 className="section__title">
            <Trans>Setup checklist</Trans>
          </h2>
          <ul className="card" style={{ listStyle: "none", margin: 0, display: "grid", gap: 12 }}>
            {data.setup.map((item) => {
              const text = SETUP[item.key];
              return (
                <li key={item.key} data-testid={`setup-${item.key}`} data-done={item.done} style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
                  <span className={item.done ? "up" : "down"}>
                    <Icon name={item.done ? "check" : "info"} size={18} label={item.done ? i18n._(msg`Done`) : i18n._(msg`To do`)} />
                  </span>
                  <div>
                    {linkTo(text.path, i18n._(item.done ? text.done : text.todo))}
                    {item.amount ? (
                      <div className="faint num" style={{ fontSize: 13 }}>
                        {formatAmount(item.amount.value, item.amount.currency)}
                      </div>
                    ) : (
                      item.missing.length > 0 && (
                        <div className="faint" style={{ fontSize: 13 }}>
                          {item.missing.map((slug) => (slug in DOCUMENT_NAMES ? i18n._(DOCUMENT_NAMES[slug as DocumentSlug]) : slug)).join(", ")}
                        </div>
                      )
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
