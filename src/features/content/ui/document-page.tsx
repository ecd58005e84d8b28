import type { ReactNode } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { DocumentSlug } from "@contract/content";
import { formatDateTime } from "@/shared/i18n/format";
import { intlLocale } from "@/shared/i18n/i18n";
import { paths } from "@/shared/lib/paths";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useDocument } from "../api/document";
import { Explained, RichText, ShownInEnglish } from "./parts";
import "./content.css";

/**
 * An operator-provided document. The app writes none itself: until the operator publishes one, the
 * page says so plainly instead of showing placeholder text.
 */
function DocumentPage({ slug, title }: { slug: DocumentSlug; title: ReactNode }) {
  const { data: doc, error } = useDocument(slug);
  return (
    <Page title={title}>
      {error ? (
        <EmptyState icon="file">
          <Trans>The document could not be loaded. Check your connection and try again.</Trans>
        </EmptyState>
      ) : !doc ? (
        <Skeleton lines={10} />
      ) : doc.published ? (
        <article className="card" data-testid="document" lang={intlLocale[doc.lang]}>
          <h2 className="article__title">{doc.title}</h2>
          <div className="article__meta">
            <span>
              <Trans>Last updated {formatDateTime(doc.updated_at)}</Trans>
            </span>
          </div>
          <RichText html={doc.body} />
          <ShownInEnglish fallback={doc.fallback} />
        </article>
      ) : (
        <Explained icon={<Icon name="file" size={30} />} title={<Trans>Not published yet</Trans>}>
          <p style={{ margin: 0 }} data-testid="document-unpublished">
            <Trans>The operator has not published this document yet. The app shows only documents the operator provides; it writes none itself.</Trans>
          </p>
          <Link href={paths.service} className="btn btn--ghost btn--small">
            <Trans>Contact customer service</Trans>
          </Link>
        </Explained>
      )}
    </Page>
  );
}

export const LicencePage = () => <DocumentPage slug="jgpz" title={<Trans>Regulatory license</Trans>} />;
export const WhitePaperPage = () => <DocumentPage slug="dc" title={<Trans>White paper</Trans>} />;
export const ServiceAgreementPage = () => <DocumentPage slug="fwxy" title={<Trans>Service agreement</Trans>} />;
export const LoanAgreementPage = () => <DocumentPage slug="jkxy" title={<Trans>Loan agreement</Trans>} />;
export const WireTransferPage = () => <DocumentPage slug="wire" title={<Trans>Wire transfer</Trans>} />;
