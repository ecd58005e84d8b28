import type { FaqEntry } from "@contract/content";
import { Icon } from "@/shared/ui/icons";
import { intlLocale } from "@/shared/i18n/i18n";
import { RichText, ShownInEnglish } from "./parts";

/** Questions that open to their answer (native <details>: keyboard and screen readers for free). */
export function FaqAccordion({ entries, openFirst = false }: { entries: FaqEntry[]; openFirst?: boolean }) {
  return (
    <div className="accordion">
      {entries.map((entry, index) => (
        <details key={entry.id} className="accordion__item" open={openFirst && index === 0} data-testid="faq-entry" lang={intlLocale[entry.lang]}>
          <summary>
            <span>{entry.question}</span>
            <Icon name="chevron" size={16} />
          </summary>
          <RichText html={entry.answer} className="accordion__answer" />
          <ShownInEnglish fallback={entry.fallback} />
        </details>
      ))}
    </div>
  );
}
