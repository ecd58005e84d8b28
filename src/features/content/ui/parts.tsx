import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Icon } from "@/shared/ui/icons";
export { RichText } from "@/shared/ui/rich-text";
export { CountBadge } from "./count-badge";
export { FAQ_CATEGORIES, faqCategoryOrder } from "@/shared/i18n/faq-categories";
export { flatten, LoadMore } from "@/shared/ui/load-more";

/**
 * Under a text that has no version in the reader's language yet: the server sent the English one (`fallback`),
 * and the reader is told so rather than left to wonder (issue 15).
 */
export function ShownInEnglish({ fallback }: { fallback: boolean }) {
  if (!fallback) return null;
  return (
    <p className="shown-in-english" data-testid="shown-in-english">
      <Icon name="globe" size={14} />
      <Trans>Shown in English: not yet written in your language.</Trans>
    </p>
  );
}

/** A panel for "there is nothing, and here is why / what to do". */
export function Explained({ icon, title, children }: { icon: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="explained">
      <div className="explained__icon">{icon}</div>
      <strong className="explained__title">{title}</strong>
      {children && <div className="explained__text">{children}</div>}
    </div>
  );
}
