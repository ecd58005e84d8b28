import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Language } from "@contract/constants";
import type { BoNewsItem, ContentStatus, NewsKind } from "@contract/content";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { intlLocale } from "@/shared/i18n/i18n";
import { showToast } from "@/shared/state/store";
import { SelectField, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { getNews, saveNews, unpublishNews } from "../content-api";
import { DeskList } from "../desk-list";
import {
  contentStatusText,
  hasText,
  HtmlEditor,
  ImageUpload,
  LanguageSelect,
  LanguageTabs,
  languageVersion,
  MissingLanguages,
  StatusBadge,
  TextArea,
  type Translations,
} from "./content-parts";

const LIMIT = 20;

interface NewsText {
  title: string;
  summary: string;
  body: string;
}
const EMPTY_TEXT: NewsText = { title: "", summary: "", body: "" };

interface Draft extends NewsText {
  id?: number;
  kind: NewsKind;
  lang: Language | null;
  translations: Translations<NewsText>;
  cover_image_id: number | null;
  cover_url: string | null;
  pinned: boolean;
  status?: ContentStatus;
}

const blank = (kind: NewsKind): Draft => ({ kind, lang: null, ...EMPTY_TEXT, translations: {}, cover_image_id: null, cover_url: null, pinned: false });
const draftOf = (item: BoNewsItem): Draft => ({ ...item });

/**
 * News and notices: write, preview (sanitised, as users see it), publish, edit, unpublish. A published notice counts
 * as unread for every user until they read it. Every step is audited.
 */
export function NewsDeskPage() {
  const { t } = useLingui();
  const [kind, setKind] = useState<NewsKind | "">("");
  const [status, setStatus] = useState<ContentStatus | "">("");
  const [page, setPage] = useState(1);
  const query = { page, limit: LIMIT, kind: kind || undefined, status: status || undefined };
  const { data, isLoading, mutate } = useSWR(["backoffice/news", query], () => getNews(query, { silent: true }));
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [tab, setTab] = useState<Language>("en");
  /** Opening another item starts on its English original; saving the open one keeps its tab. */
  const setDraft = (next: Draft | null) => {
    if (!next || next.id !== draft?.id) setTab("en");
    setDraftState(next);
  };
  const [unpublishing, setUnpublishing] = useState<{ id: number; title: string } | null>(null);

  const save = useAction(async (publish: boolean) => {
    if (!draft) return;
    const { cover_url: _url, status: _status, ...input } = draft;
    const saved = await saveNews({ ...input, publish });
    showToast(publish ? t`Published: users see it now` : t`Saved`, "success");
    setDraft(draftOf(saved));
    await mutate();
  });
  const unpublish = useAction(async (id: number) => {
    const saved = await unpublishNews({ id });
    showToast(t`Unpublished: users no longer see it`, "success");
    setUnpublishing(null);
    if (draft?.id === id) setDraft(draftOf(saved));
    await mutate();
  });

  if (draft) {
    const set = (change: Partial<Draft>) => setDraftState((d) => d && { ...d, ...change });
    const published = draft.status === "published";
    const [text, setText] = languageVersion<NewsText>(draft, tab, EMPTY_TEXT, set);
    // Errors of another language's version come back as `translations.<lang>.<field>`.
    const errorOf = (field: keyof NewsText) => save.errorOf(tab === "en" ? field : `translations.${tab}.${field}`);
    return (
      <>
        <div className="bo__head">
          <h1>{draft.id ? <Trans>Edit #{draft.id}</Trans> : draft.kind === "notice" ? <Trans>New notice</Trans> : <Trans>New article</Trans>}</h1>
          <div className="bo-actions">
            {draft.status && <StatusBadge status={draft.status} />}
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setDraft(null)}>
              <Icon name="back" size={16} />
              <Trans>Back to the list</Trans>
            </button>
          </div>
        </div>
        <form className="form card" onSubmit={(e) => e.preventDefault()} noValidate>
          <div className="bo-row">
            <SelectField label={t`Type`} value={draft.kind} onChange={(e) => set({ kind: e.target.value as NewsKind })}>
              <option value="notice">{t`Notice`}</option>
              <option value="news">{t`News article`}</option>
            </SelectField>
            <LanguageSelect value={draft.lang} onChange={(lang) => set({ lang })} />
            <label className="check" style={{ paddingBottom: 14 }}>
              <input type="checkbox" checked={draft.pinned} onChange={(e) => set({ pinned: e.target.checked })} />
              <Trans>Pinned to the top</Trans>
            </label>
          </div>
          <p className="bo-hint" style={{ margin: 0 }}>
            {draft.kind === "notice" ? (
              <Trans>A notice appears in every user's message centre and counts as unread until they open it.</Trans>
            ) : (
              <Trans>A news article appears in the news list; it does not count as unread.</Trans>
            )}
          </p>
          <LanguageTabs value={tab} onChange={setTab} written={(lang) => lang === "en" || hasText(draft.translations[lang])} />
          <div role="tabpanel" className="form" lang={intlLocale[tab]}>
            <TextField label={<Trans>Title</Trans>} name="title" value={text.title} maxLength={200} onChange={(e) => setText({ title: e.target.value })} error={errorOf("title")} />
            <TextArea
              label={<Trans>Summary (plain text; empty: the start of the body)</Trans>}
              name="summary"
              rows={2}
              maxLength={500}
              value={text.summary}
              onChange={(e) => setText({ summary: e.target.value })}
              error={errorOf("summary")}
            />
            <HtmlEditor label={<Trans>Body (HTML)</Trans>} value={text.body} onChange={(body) => setText({ body })} error={errorOf("body")} />
          </div>
          <div className="field">
            <span className="field__label">
              <Trans>Cover image</Trans>
            </span>
            <div className="bo-cover">
              {draft.cover_url && <img src={draft.cover_url} alt={t`Cover image`} />}
              <ImageUpload label={draft.cover_url ? <Trans>Replace</Trans> : <Trans>Upload</Trans>} onUploaded={(image) => set({ cover_image_id: image.id, cover_url: image.url })} />
              {draft.cover_url && (
                <button type="button" className="btn btn--ghost btn--small" onClick={() => set({ cover_image_id: null, cover_url: null })}>
                  <Trans>Remove</Trans>
                </button>
              )}
            </div>
            {save.errorOf("cover_image_id") && <div className="field__error">{save.errorOf("cover_image_id")}</div>}
          </div>
          <div className="bo-actions">
            <button type="button" className="btn btn--primary" disabled={save.pending} onClick={() => void save.run(true)}>
              {published ? <Trans>Save and keep published</Trans> : <Trans>Publish</Trans>}
            </button>
            {!published && (
              <button type="button" className="btn btn--ghost" disabled={save.pending} onClick={() => void save.run(false)}>
                <Trans>Save draft</Trans>
              </button>
            )}
            {published && draft.id && (
              <button type="button" className="btn btn--danger" onClick={() => setUnpublishing({ id: draft.id!, title: draft.title })}>
                <Trans>Unpublish</Trans>
              </button>
            )}
          </div>
        </form>
        <UnpublishModal item={unpublishing} pending={unpublish.pending} onCancel={() => setUnpublishing(null)} onConfirm={(id) => void unpublish.run(id)} />
      </>
    );
  }

  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>News and notices</Trans>
        </h1>
        <div className="bo-actions">
          <button type="button" className="btn btn--primary btn--small" onClick={() => setDraft(blank("notice"))}>
            <Icon name="plus" size={16} />
            <Trans>New notice</Trans>
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setDraft(blank("news"))}>
            <Icon name="plus" size={16} />
            <Trans>New article</Trans>
          </button>
        </div>
      </div>
      <div className="bo-toolbar">
        <SelectField label={t`Type`} value={kind} onChange={(e) => { setKind(e.target.value as NewsKind | ""); setPage(1); }}>
          <option value="">{t`All`}</option>
          <option value="notice">{t`Notices`}</option>
          <option value="news">{t`News`}</option>
        </SelectField>
        <SelectField label={t`Status`} value={status} onChange={(e) => { setStatus(e.target.value as ContentStatus | ""); setPage(1); }}>
          <option value="">{t`All`}</option>
          {(["draft", "published", "unpublished"] as const).map((s) => (
            <option key={s} value={s}>
              {contentStatusText(s)}
            </option>
          ))}
        </SelectField>
      </div>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>Nothing written yet.</Trans>} emptyIcon="news" pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>Title</Trans></th>
                <th><Trans>Type</Trans></th>
                <th><Trans>Readers</Trans></th>
                <th><Trans>Languages</Trans></th>
                <th><Trans>Status</Trans></th>
                <th><Trans>Published</Trans></th>
                <th><Trans>Last edit</Trans></th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.list.map((item) => (
                <tr key={item.id} data-testid={`news-${item.id}`}>
                  <td className="num">{item.id}</td>
                  <td>
                    <span className="bo-cell-title">{item.title}</span> {item.pinned && <span className="badge badge--brand"><Trans>Pinned</Trans></span>}
                  </td>
                  <td>{item.kind === "notice" ? <Trans>Notice</Trans> : <Trans>News</Trans>}</td>
                  <td>{item.lang ?? <Trans>Every language</Trans>}</td>
                  <td>{item.lang ? null : <MissingLanguages missing={item.missing_languages} />}</td>
                  <td><StatusBadge status={item.status} /></td>
                  <td className="num">{item.published_at ? formatDateTime(item.published_at) : "-"}</td>
                  <td>
                    {item.updated_by ?? <span className="faint"><Trans>seed</Trans></span>} <span className="faint num">{formatDateTime(item.updated_at)}</span>
                  </td>
                  <td style={{ whiteSpace: "nowrap" }}>
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => setDraft(draftOf(item))}>
                      <Trans>Edit</Trans>
                    </button>{" "}
                    {item.status === "published" && (
                      <button type="button" className="btn btn--danger btn--small" onClick={() => setUnpublishing(item)}>
                        <Trans>Unpublish</Trans>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
      <UnpublishModal item={unpublishing} pending={unpublish.pending} onCancel={() => setUnpublishing(null)} onConfirm={(id) => void unpublish.run(id)} />
    </>
  );
}

function UnpublishModal({ item, pending, onCancel, onConfirm }: { item: { id: number; title: string } | null; pending: boolean; onCancel: () => void; onConfirm: (id: number) => void }) {
  return (
    <ConfirmModal open={item !== null} title={<Trans>Unpublish this item?</Trans>} confirm={<Trans>Unpublish</Trans>} danger busy={pending} onConfirm={() => item && onConfirm(item.id)} onClose={onCancel}>
      {item && <Trans>“{item.title}” leaves the app at once. It is kept here and can be published again.</Trans>}
    </ConfirmModal>
  );
}
