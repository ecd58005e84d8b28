import { useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { Page } from "@/shared/ui/page";
import { NewsCards } from "./news-parts";
import "./content.css";

/** All news (or, with `?kind=notice`, all notices) as cards. */
export function NewsListPage() {
  const kind = new URLSearchParams(useSearch()).get("kind") === "notice" ? "notice" : "news";
  return (
    <Page title={kind === "notice" ? <Trans>Notices</Trans> : <Trans>News</Trans>} nav="default">
      <NewsCards kind={kind} />
    </Page>
  );
}
