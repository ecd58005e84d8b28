import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { useFaq } from "../api/faq";
import { FaqAccordion } from "./faq-list";
import "./content.css";

/** The options description: how timed options work and settle, in numbers (the FAQ's "options" category). */
export function OptionsPage() {
  const { data, error } = useFaq({ category: "options" });
  return (
    <Page title={<Trans>Options description</Trans>}>
      <p className="muted" style={{ fontSize: 14, margin: "4px 0 14px" }}>
        <Trans>How timed options work, how they settle, and what a trade is expected to return.</Trans>
      </p>
      {error && !data ? (
        <EmptyState icon="help">
          <Trans>The description could not be loaded. Check your connection and try again.</Trans>
        </EmptyState>
      ) : !data ? (
        <Skeleton lines={6} />
      ) : data.list.length === 0 ? (
        <EmptyState icon="help">
          <Trans>No description has been published yet.</Trans>
        </EmptyState>
      ) : (
        <FaqAccordion entries={data.list} openFirst />
      )}
      <div className="faq-help">
        <Link href={paths.faq} className="btn btn--ghost btn--small">
          <Trans>All questions</Trans>
        </Link>
      </div>
    </Page>
  );
}
