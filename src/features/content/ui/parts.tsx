import type { ReactNode } from "react";
export { RichText } from "@/shared/ui/rich-text";
export { CountBadge } from "./count-badge";
export { FAQ_CATEGORIES, faqCategoryOrder } from "@/shared/i18n/faq-categories";
export { flatten, LoadMore } from "@/shared/ui/load-more";

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
