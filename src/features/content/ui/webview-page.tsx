import { useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyState } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";

/** Only https pages, or pages of this app, may be shown inside it. */
export function safeWebviewUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.href);
    if (url.protocol === "https:" || url.origin === window.location.origin) return url.toString();
  } catch {
    return null;
  }
  return null;
}

/** The web view: an operator-provided page (customer service, a document) inside the app, `?url=&title=`. */
export function WebviewPage() {
  const { t } = useLingui();
  const search = new URLSearchParams(useSearch());
  const url = safeWebviewUrl(search.get("url"));
  const title = search.get("title") ?? "";
  return (
    <Page title={title} flush>
      {url ? (
        <iframe
          src={url}
          title={title || t`Web page`}
          style={{ border: 0, width: "100%", height: "calc(100dvh - var(--nav-h) - var(--safe-top))", display: "block", background: "#fff" }}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        <EmptyState icon="file">
          <Trans>This link cannot be opened.</Trans>
        </EmptyState>
      )}
    </Page>
  );
}
