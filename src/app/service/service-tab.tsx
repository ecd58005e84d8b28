import { useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { ServiceHelp } from "@/features/content/ui/service-page";
import { SupportChat } from "@/features/support/ui/support-chat";
import { useSupportUnread } from "@/features/support/api/unread";
import { navigate } from "@/shared/lib/navigation";
import { paths } from "@/shared/lib/paths";
import { Page } from "@/shared/ui/page";
import { Segments } from "@/shared/ui/segments";

type View = "chat" | "help";

/**
 * The Service tab: the chat with customer service first, and beside it (one tap) the help centre with the published
 * support contact, the FAQ topics, notices and documents. The view lives in the URL.
 */
export function ServiceTab() {
  const { t } = useLingui();
  const view: View = new URLSearchParams(useSearch()).get("tab") === "help" ? "help" : "chat";
  const unread = useSupportUnread();
  // wouter keeps the last search when a path has none: always write the view.
  const select = (next: View) => navigate(`${paths.service}?tab=${next}`, { replace: true });
  return (
    <Page title={<Trans>Customer service</Trans>} back={false} tabs>
      <Segments
        as="tabs"
        label={t`Customer service`}
        style={{ marginBottom: 8 }}
        value={view}
        onChange={select}
        segments={[
          {
            value: "chat",
            label: (
              <>
                <Trans>Chat</Trans>
                {unread > 0 && view !== "chat" ? ` (${unread})` : ""}
              </>
            ),
          },
          { value: "help", label: <Trans>Contact and help</Trans> },
        ]}
      />
      <div role="tabpanel">{view === "chat" ? <SupportChat /> : <ServiceHelp />}</div>
    </Page>
  );
}
