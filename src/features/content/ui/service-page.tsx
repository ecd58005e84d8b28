import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FaqCategory, SupportInfoView } from "@contract/content";
import { paths } from "@/shared/lib/paths";
import { Cell } from "@/shared/ui/cell";
import { Skeleton } from "@/shared/ui/feedback";
import { Icon, type IconName } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useSupportInfo } from "../api/support-info";
import { useUnreadCount } from "../api/unread-count";
import { CountBadge, FAQ_CATEGORIES, ShownInEnglish } from "./parts";
import "./content.css";

const TOPICS: { category: FaqCategory; icon: IconName }[] = [
  { category: "deposit", icon: "deposit" },
  { category: "withdrawal", icon: "withdraw" },
  { category: "kyc", icon: "user" },
  { category: "security", icon: "shield" },
  { category: "trading", icon: "trade" },
  { category: "account", icon: "key" },
];

/** The web view route for an operator's https support page (the web view refuses anything else). */
const webviewHref = (url: string, title: string) => `${paths.webview}?${new URLSearchParams({ url, title }).toString()}`;

/** The help centre as a page of its own: how to reach customer service, topics, notices and documents. */
export function ServicePage() {
  return (
    <Page title={<Trans>Customer service</Trans>} back={false} tabs>
      <ServiceHelp />
    </Page>
  );
}

/** How to reach customer service, the help centre's topics, notices and documents (the Service tab's help view). */
export function ServiceHelp() {
  const { t, i18n } = useLingui();
  const { data: unread } = useUnreadCount();
  const count = unread?.unread ?? 0;
  return (
    <>
      <SupportCard />

      <h2 className="section__title">
        <Trans>Help centre</Trans>
        <Link href={paths.faq} style={{ fontSize: 13, fontWeight: 500 }}>
          <Trans>All questions</Trans>
        </Link>
      </h2>
      <Link href={paths.faq} className="search-box" aria-label={t`Search the FAQ`} style={{ marginBottom: 12 }}>
        <Icon name="search" size={18} />
        <span>
          <Trans>Search questions and answers</Trans>
        </span>
      </Link>
      <nav className="topic-grid" aria-label={t`Help topics`}>
        {TOPICS.map((topic) => (
          <Link key={topic.category} href={`${paths.faq}?category=${topic.category}`} className="topic">
            <Icon name={topic.icon} />
            <span>{i18n._(FAQ_CATEGORIES[topic.category])}</span>
          </Link>
        ))}
      </nav>

      <div className="list" style={{ marginTop: 16 }}>
        <Cell icon="bell" label={<Trans>Notices and messages</Trans>} href={`${paths.news}?tab=inbox`} value={<CountBadge count={count} label={t`${count} unread`} />} />
        <Cell icon="help" label={<Trans>Options description</Trans>} href={paths.optionsHelp} />
        <Cell icon="file" label={<Trans>Terms and conditions</Trans>} href={paths.agreements} />
      </div>
    </>
  );
}

function SupportCard() {
  const { t } = useLingui();
  const { data, error } = useSupportInfo();
  const configured = data && (data.url || data.email);
  return (
    <section className="support-card" aria-label={t`Contact customer service`}>
      <div className="support-card__head">
        <span className="support-card__icon">
          <Icon name="headset" />
        </span>
        <div>
          <div className="support-card__title">
            <Trans>Contact customer service</Trans>
          </div>
          {data?.hours ? (
            <div className="support-card__sub">
              <Trans>Hours: {data.hours}</Trans>
            </div>
          ) : null}
        </div>
      </div>
      {!data && !error ? (
        <Skeleton lines={2} />
      ) : configured ? (
        <ContactActions contact={data} />
      ) : (
        <div className="support-card__sub" data-testid="support-unconfigured">
          <Trans>Support contact details have not been published yet. Please check the FAQ below.</Trans>
        </div>
      )}
      {data?.note && <div className="support-card__note">{data.note}</div>}
      {(data?.hours || data?.note) && <ShownInEnglish fallback={data.fallback} />}
    </section>
  );
}

function ContactActions({ contact }: { contact: SupportInfoView }) {
  const { t } = useLingui();
  return (
    <div className="support-card__actions">
      {contact.url && (
        <Link href={webviewHref(contact.url, t`Customer service`)} className="btn btn--primary">
          <Icon name="headset" size={18} />
          <Trans>Open support page</Trans>
        </Link>
      )}
      {contact.email && (
        <a href={`mailto:${contact.email}`} className="btn btn--ghost">
          <Icon name="mail" size={18} />
          <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{contact.email}</span>
        </a>
      )}
    </div>
  );
}
