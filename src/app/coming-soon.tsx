import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Page } from "@/shared/ui/page";
import { Icon } from "@/shared/ui/icons";
import { useRouteMeta } from "./route-meta";

/** The screen of a route whose domain has not landed yet: says so plainly, in the user's language. */
export function comingSoon(title: MessageDescriptor) {
  return function ComingSoon() {
    const { i18n } = useLingui();
    const route = useRouteMeta();
    return (
      <Page title={i18n._(title)} nav={route.nav} tabs={route.tab} back={!route.tab}>
          <div className="empty" data-testid="coming-soon">
            <Icon name="settings" className="empty__icon" size={56} />
            <strong style={{ color: "var(--text)" }}>
              <Trans>Coming soon</Trans>
            </strong>
            <div>
              <Trans>This part of the app is being built. Your account and funds are not affected.</Trans>
            </div>
          </div>
      </Page>
    );
  };
}
