import { useId, useRef, useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";
import useSWR from "swr";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { defaultLanguage, languages, type Language } from "@contract/constants";
import type { ContentStatus } from "@contract/content";
import { i18n } from "@/shared/i18n/i18n";
import { NATIVE_NAMES } from "@/shared/i18n/language-names";
import { useDebounced } from "@/shared/lib/use-debounced";
import { showToast } from "@/shared/state/store";
import { SelectField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { RichText } from "@/shared/ui/rich-text";
import { previewHtml, uploadImage } from "../content-api";
import "./content.css";
import { Segments } from "@/shared/ui/segments";

export { FAQ_CATEGORIES as FAQ_LABELS } from "@/shared/i18n/faq-categories";

const STATUS: Record<ContentStatus, MessageDescriptor> = { draft: msg`Draft`, published: msg`Published`, unpublished: msg`Unpublished` };
export const contentStatusText = (status: ContentStatus) => i18n._(STATUS[status]);

export function StatusBadge({ status }: { status: ContentStatus }) {
  const tone = status === "published" ? "badge--up" : status === "draft" ? "badge--warn" : "";
  return <span className={`badge ${tone}`}>{contentStatusText(status)}</span>;
}

/** Which readers see an item: everybody, or one language's. */
export function LanguageSelect({ value, onChange }: { value: Language | null; onChange: (value: Language | null) => void }) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Readers`} value={value ?? ""} onChange={(e) => onChange((e.target.value || null) as Language | null)}>
      <option value="">{t`Every language`}</option>
      {languages.map((lang) => (
        <option key={lang} value={lang}>
          {lang}
        </option>
      ))}
    </SelectField>
  );
}

/** Versions of an item in the languages other than English (the item's own fields are the English original). */
export type Translations<T> = Partial<Record<Language, T>>;

/**
 * One tab per language: English (the original, shown to readers of any language without a version) and the nine
 * others, each marked when it has no version yet. The fields under it edit the chosen language's version.
 */
export function LanguageTabs({ value, onChange, written }: { value: Language; onChange: (lang: Language) => void; written: (lang: Language) => boolean }) {
  const { t } = useLingui();
  const missing = languages.filter((lang) => lang !== defaultLanguage && !written(lang));
  return (
    <div className="bo-lang">
      <Segments
        as="tabs"
        className="bo-lang__tabs"
        label={t`Language version`}
        value={value}
        onChange={onChange}
        segments={[defaultLanguage, ...languages.filter((lang) => lang !== defaultLanguage)].map((lang) => ({
          value: lang,
          label: NATIVE_NAMES[lang],
          title: written(lang) ? NATIVE_NAMES[lang] : t`${NATIVE_NAMES[lang]}: not written yet, readers see English`,
          attrs: { "data-missing": !written(lang) || undefined },
        }))}
      />
      <p className="bo-hint" data-testid="missing-languages">
        {missing.length ? (
          <Trans>Not written yet in: {missing.map((lang) => NATIVE_NAMES[lang]).join(", ")}. Readers of these languages see the English version with a "shown in English" note.</Trans>
        ) : (
          <Trans>Written in all ten languages.</Trans>
        )}
      </p>
    </div>
  );
}

/**
 * The draft's text in the language of the open tab, and how to change it: English edits the item itself, another
 * language its entry in `translations` (started from empty fields).
 */
export function languageVersion<T extends object>(
  draft: T & { translations: Translations<T> },
  lang: Language,
  empty: T,
  set: (change: Partial<T> & { translations?: Translations<T> }) => void,
): [T, (change: Partial<T>) => void] {
  if (lang === defaultLanguage) return [draft, (change) => set(change)];
  const version = { ...empty, ...draft.translations[lang] };
  return [version, (change) => set({ translations: { ...draft.translations, [lang]: { ...version, ...change } } } as Partial<T> & { translations: Translations<T> })];
}

/** Whether a version has any text (an empty one is not sent as written: the server drops it). */
export const hasText = (version: object | undefined) => !!version && Object.values(version).some((v) => typeof v === "string" && v.trim() !== "");

/** Languages an item has no version in, as the list tables show them. */
export function MissingLanguages({ missing }: { missing: Language[] }) {
  if (!missing.length) return <span className="badge badge--up"><Trans>All ten</Trans></span>;
  return (
    <span className="badge badge--warn" title={missing.map((lang) => NATIVE_NAMES[lang]).join(", ")}>
      <Trans>{missing.length} missing</Trans>
    </span>
  );
}

export function TextArea({ label, error, hint, code = false, ...props }: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  code?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className={`bo-textarea${code ? " bo-textarea--code" : ""}`} aria-invalid={error ? true : undefined} {...props} />
      {error ? (
        <div className="field__error" role="alert">
          {error}
        </div>
      ) : (
        hint && <div className="field__hint">{hint}</div>
      )}
    </div>
  );
}

/** Uploads an image (checked by content on the server) and hands back its id and same-origin url. */
export function ImageUpload({ label, onUploaded }: { label: ReactNode; onUploaded: (image: { id: number; url: string }) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onUploaded(await uploadImage({}, { files: { image: file } }));
      showToast(t`Image uploaded`, "success");
    } catch {
      // The client already showed why (type, size).
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  return (
    <>
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void pick(e.target.files?.[0])} aria-label={t`Choose an image`} />
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => input.current?.click()}>
        <Icon name="plus" size={16} />
        {label}
      </button>
    </>
  );
}

/**
 * HTML source with a live preview of exactly what users will see: the server sanitises it and fills the figures.
 * A warning says when the sanitizer removed or rewrote something.
 */
export function HtmlEditor({ label, value, onChange, error, rows = 14 }: { label: ReactNode; value: string; onChange: (value: string) => void; error?: string; rows?: number }) {
  const { t } = useLingui();
  const html = useDebounced(value, 400);
  const { data } = useSWR(["backoffice/content/preview", html], () => previewHtml({ html }, { silent: true, loading: false }), { keepPreviousData: true, revalidateOnFocus: false });
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (snippet: string) => {
    const el = area.current;
    const at = el ? el.selectionStart : value.length;
    onChange(value.slice(0, at) + snippet + value.slice(at));
  };
  return (
    <div className="bo-editor">
      <div className="form" style={{ gap: 8 }}>
        <TextArea label={label} value={value} rows={rows} code onChange={(e) => onChange(e.target.value)} error={error} ref={area} spellCheck={false} />
        <div className="bo-actions">
          <ImageUpload label={<Trans>Insert image</Trans>} onUploaded={(image) => insert(`<img src="${image.url}" alt="">`)} />
        </div>
        <div className="bo-hint">
          <Trans>
            Allowed: paragraphs, headings, bold, italic, lists, links (https, mailto, tel, app paths), tables and uploaded images. Scripts, styles, event
            handlers and other sites' images are removed.
          </Trans>
        </div>
        {data && (
          <div className="bo-hint">
            <Trans>Figures from the live configuration (click to insert):</Trans>{" "}
            {Object.entries(data.placeholders).map(([name, fact]) => (
              <span key={name}>
                <code role="button" tabIndex={0} title={fact} onClick={() => insert(`{${name}}`)} onKeyDown={(e) => e.key === "Enter" && insert(`{${name}}`)}>
                  {`{${name}}`}
                </code>{" "}
              </span>
            ))}
          </div>
        )}
      </div>
      <div>
        <div className="bo-preview__label">
          <Icon name="eye" size={14} />
          <Trans>What users will see</Trans>
          {data?.changed && value.trim() && (
            <span className="badge badge--warn" title={t`Compare the source with the preview`}>
              <Trans>The sanitizer removed or rewrote part of this HTML</Trans>
            </span>
          )}
        </div>
        <div className="bo-preview" data-testid="html-preview">
          {data ? <RichText html={data.html} /> : null}
        </div>
      </div>
    </div>
  );
}
