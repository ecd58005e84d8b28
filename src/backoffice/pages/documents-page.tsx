import { useState } from "react";
import useSWR from "swr";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BoDocument } from "@contract/content";
import type { Language } from "@contract/constants";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { intlLocale } from "@/shared/i18n/i18n";
import { showToast } from "@/shared/state/store";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { useMe } from "../api";
import { DOCUMENT_NAMES } from "../document-names";
import { DeskList } from "../desk-list";
import { getDocuments, saveDocument } from "../content-api";
import { hasText, HtmlEditor, LanguageTabs, languageVersion, MissingLanguages } from "./content-parts";

const EMPTY_TEXT = { title: "", body: "" };

/**
 * The five documents the app shows and never writes itself. Until one is published, its page tells users it is
 * not published yet. Admins write and publish; every version's digest goes to the audit log.
 */
export function DocumentsPage() {
  const { i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/documents", () => getDocuments({}, { silent: true }));
  const { data: me } = useMe();
  const [editing, setEditing] = useState<BoDocument | null>(null);
  const [tab, setTab] = useState<Language>("en");
  const canEdit = me?.role === "admin";
  const save = useAction(async (publish: boolean) => {
    if (!editing) return;
    const saved = await saveDocument({ slug: editing.slug, title: editing.title, body: editing.body, publish, translations: editing.translations });
    showToast(publish ? i18n._(msg`Published: users see it now`) : i18n._(msg`Saved, not published`), "success");
    setEditing(saved);
    await mutate();
  });

  if (editing) {
    const [text, setText] = languageVersion(editing, tab, EMPTY_TEXT, (change) => canEdit && setEditing({ ...editing, ...change }));
    // Errors of another language's version come back as `translations.<lang>.<field>`.
    const errorOf = (field: "title" | "body") => save.errorOf(tab === "en" ? field : `translations.${tab}.${field}`);
    return (
      <>
        <div className="bo__head">
          <h1>{i18n._(DOCUMENT_NAMES[editing.slug])}</h1>
          <div className="bo-actions">
            <span className={`badge ${editing.published ? "badge--up" : "badge--warn"}`}>{editing.published ? <Trans>Published</Trans> : <Trans>Not published</Trans>}</span>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(null)}>
              <Icon name="back" size={16} />
              <Trans>Back to the list</Trans>
            </button>
          </div>
        </div>
        <form className="form card" onSubmit={(e) => e.preventDefault()} noValidate>
          <LanguageTabs value={tab} onChange={setTab} written={(lang) => lang === "en" || hasText(editing.translations[lang])} />
          <div role="tabpanel" className="form" lang={intlLocale[tab]}>
            <TextField label={<Trans>Title</Trans>} name="title" value={text.title} maxLength={200} disabled={!canEdit} onChange={(e) => setText({ title: e.target.value })} error={errorOf("title")} />
            <HtmlEditor label={<Trans>Text (HTML)</Trans>} value={text.body} rows={22} onChange={(body) => setText({ body })} error={errorOf("body")} />
          </div>
          {canEdit ? (
            <div className="bo-actions">
              <button type="button" className="btn btn--primary" disabled={save.pending} onClick={() => void save.run(true)}>
                {editing.published ? <Trans>Save and keep published</Trans> : <Trans>Publish</Trans>}
              </button>
              <button type="button" className={editing.published ? "btn btn--danger" : "btn btn--ghost"} disabled={save.pending} onClick={() => void save.run(false)}>
                {editing.published ? <Trans>Unpublish</Trans> : <Trans>Save without publishing</Trans>}
              </button>
            </div>
          ) : (
            <p className="bo-hint">
              <Trans>Only an admin can change documents.</Trans>
            </p>
          )}
        </form>
      </>
    );
  }

  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Documents</Trans>
        </h1>
      </div>
      <p className="bo-hint" style={{ marginBottom: 12 }}>
        <Trans>The app invents no document: until you publish one here, its page tells users that it is not published yet.</Trans>
      </p>
      <DeskList loading={!data} count={data?.length ?? 0} emptyIcon="file" lines={5}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Document</Trans></th>
              <th><Trans>Title</Trans></th>
              <th><Trans>Status</Trans></th>
              <th><Trans>Languages</Trans></th>
              <th><Trans>Last edit</Trans></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.map((doc) => (
              <tr key={doc.slug} data-testid={`document-${doc.slug}`}>
                <td className="bo-cell-title">{i18n._(DOCUMENT_NAMES[doc.slug])}</td>
                <td>{doc.title || <span className="faint">-</span>}</td>
                <td>
                  <span className={`badge ${doc.published ? "badge--up" : "badge--warn"}`}>{doc.published ? <Trans>Published</Trans> : <Trans>Not published</Trans>}</span>
                </td>
                <td>{doc.updated_at && <MissingLanguages missing={doc.missing_languages} />}</td>
                <td>
                  {doc.updated_at ? (
                    <>
                      {doc.updated_by} <span className="faint num">{formatDateTime(doc.updated_at)}</span>
                    </>
                  ) : (
                    <span className="faint"><Trans>Never written</Trans></span>
                  )}
                </td>
                <td>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => {
                      setTab("en");
                      setEditing({ ...doc, title: doc.title || i18n._(DOCUMENT_NAMES[doc.slug]) });
                    }}
                  >
                    {canEdit ? <Trans>Edit</Trans> : <Trans>View</Trans>}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
    </>
  );
}
