import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FaqCategory, FaqEntry } from "@contract/content";
import { paths } from "@/shared/lib/paths";
import { useDebounced } from "@/shared/lib/use-debounced";
import { EmptyState, Skeleton, Spinner } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { useFaq } from "../api/faq";
import { FaqAccordion } from "./faq-list";
import { FAQ_CATEGORIES, faqCategoryOrder } from "./parts";
import "./content.css";

const SEARCH_DELAY_MS = 250;

/** The help centre: search every question and answer, or browse by category. `?category=` and `?q=` deep-link. */
export function FaqPage() {
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const rawCategory = params.get("category");
  const category = rawCategory && rawCategory in FAQ_CATEGORIES ? (rawCategory as FaqCategory) : undefined;
  const [query, setQuery] = useState(params.get("q") ?? "");
  const q = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const all = useFaq();
  const results = useFaq({ q: q || undefined, category });
  const present = useMemo(() => new Set(all.data?.list.map((e) => e.category)), [all.data]);
  const groups = useMemo(() => groupByCategory(results.data?.list ?? []), [results.data]);
  const chips = useRef<HTMLDivElement>(null);
  // A category opened from a link must be visible among the chips, not scrolled away to the right.
  useEffect(() => {
    chips.current?.querySelector('[aria-pressed="true"]')?.scrollIntoView?.({ inline: "center", block: "nearest" });
  }, [category, present.size]);

  const choose = (next?: FaqCategory) => {
    const search = new URLSearchParams();
    if (next) search.set("category", next);
    if (query.trim()) search.set("q", query.trim());
    // Always with a "?": wouter keeps the previous search when a path has none.
    navigate(`${location}?${search.toString()}`, { replace: true });
  };

  return (
    <Page title={<Trans>FAQ</Trans>}>
      <div className="search-box" role="search">
        <Icon name="search" size={18} />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t`Search questions and answers`}
          aria-label={t`Search the FAQ`}
          maxLength={100}
          enterKeyHint="search"
        />
        {results.isValidating && q ? <Spinner small /> : query && (
          <button type="button" className="icon-btn" style={{ width: 28, height: 28 }} aria-label={t`Clear search`} onClick={() => setQuery("")}>
            <Icon name="close" size={16} />
          </button>
        )}
      </div>
      <div className="chips faq-chips" role="group" aria-label={t`Categories`} ref={chips}>
        <button type="button" className="chip" aria-pressed={!category} onClick={() => choose(undefined)}>
          <Trans>All</Trans>
        </button>
        {faqCategoryOrder
          .filter((c) => present.has(c))
          .map((c) => (
            <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => choose(c)}>
              {i18n._(FAQ_CATEGORIES[c])}
            </button>
          ))}
      </div>

      {!results.data ? (
        <div style={{ marginTop: 16 }}>
          <Skeleton lines={8} />
        </div>
      ) : results.error && !results.data ? (
        <EmptyState icon="help" />
      ) : groups.length === 0 ? (
        <EmptyState icon="search">
          {q ? <Trans>No answer matches “{q}”.</Trans> : <Trans>No questions here yet.</Trans>}
        </EmptyState>
      ) : (
        groups.map(([c, entries]) => (
          <section key={c} aria-label={i18n._(FAQ_CATEGORIES[c])}>
            <h2 className="faq-group__title">{i18n._(FAQ_CATEGORIES[c])}</h2>
            <FaqAccordion entries={entries} openFirst={Boolean(q) && groups.length === 1 && entries.length === 1} />
          </section>
        ))
      )}

      <div className="faq-help">
        <span>
          <Trans>Did not find your answer?</Trans>
        </span>
        <Link href={paths.service} className="btn btn--ghost btn--small">
          <Icon name="headset" size={16} />
          <Trans>Contact customer service</Trans>
        </Link>
      </div>
    </Page>
  );
}

function groupByCategory(entries: FaqEntry[]): [FaqCategory, FaqEntry[]][] {
  return faqCategoryOrder.map((c) => [c, entries.filter((e) => e.category === c)] as [FaqCategory, FaqEntry[]]).filter(([, list]) => list.length > 0);
}
