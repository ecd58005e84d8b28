import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Language } from "@contract/constants";
import type { BoFaqEntry, FaqCategory } from "@contract/content";
import { useAction } from "@/shared/api/use-action";
import { intlLocale } from "@/shared/i18n/i18n";
import { showToast } from "@/shared/state/store";
import { SelectField, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { DeskList } from "../desk-list";
import { deleteFaq, getFaq, saveFaq } from "../content-api";
import { FAQ_LABELS, hasText, HtmlEditor, LanguageSelect, LanguageTabs, languageVersion, MissingLanguages, type Translations } from "./content-parts";

interface FaqText {
  question: string;
  answer: string;
}

interface Draft extends FaqText {
  id?: number;
  category: FaqCategory;
  lang: Language | null;
  sort: number;
  published: boolean;
  translations: Translations<FaqText>;
}

const EMPTY_TEXT: FaqText = { question: "", answer: "" };

const categories = Object.keys(FAQ_LABELS) as FaqCategory[];

/** FAQ entries by category (the "options" category is the options description page). Every change is audited. */
export function FaqDeskPage() {
  const { t, i18n } = useLingui();
  const [category, setCategory] = useState<FaqCategory | "">("");
  const { data, mutate } = useSWR(["backoffice/faq", category], () => getFaq({ category: category || undefined }, { silent: true }));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tab, setTab] = useState<Language>("en");
  const [deleting, setDeleting] = useState<BoFaqEntry | null>(null);
  const save = useAction(async () => {
    if (!draft) return;
    await saveFaq(draft);
    showToast(t`Saved`, "success");
    setDraft(null);
    await mutate();
  });
  const remove = useAction(async (id: number) => {
    await deleteFaq({ id });
    showToast(t`Deleted`, "success");
    setDeleting(null);
    await mutate();
  });

  if (draft) {
    const set = (change: Partial<Draft>) => setDraft((d) => d && { ...d, ...change });
    const [text, setText] = languageVersion<FaqText>(draft, tab, EMPTY_TEXT, set);
    // Errors of another language's version come back as `translations.<lang>.<field>`.
    const errorOf = (field: keyof FaqText) => save.errorOf(tab === "en" ? field : `translations.${tab}.${field}`);
    return (
      <>
        <div className="bo__head">
          <h1>{draft.id ? <Trans>Edit question #{draft.id}</Trans> : <Trans>New question</Trans>}</h1>
          <button type="button" className="btn btn--ghost btn--small" style={{ width: "auto" }} onClick={() => setDraft(null)}>
            <Icon name="back" size={16} />
            <Trans>Back to the list</Trans>
          </button>
        </div>
        <form className="form card" onSubmit={save.onSubmit} noValidate>
          <div className="bo-row">
            <SelectField label={t`Category`} value={draft.category} onChange={(e) => set({ category: e.target.value as FaqCategory })}>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {i18n._(FAQ_LABELS[c])}
                </option>
              ))}
            </SelectField>
            <LanguageSelect value={draft.lang} onChange={(lang) => set({ lang })} />
            <TextField label={<Trans>Order (small first)</Trans>} name="sort" inputMode="numeric" value={String(draft.sort)} onChange={(e) => set({ sort: Number(e.target.value.replace(/\D/g, "")) || 0 })} error={save.errorOf("sort")} />
            <label className="check" style={{ paddingBottom: 14 }}>
              <input type="checkbox" checked={draft.published} onChange={(e) => set({ published: e.target.checked })} />
              <Trans>Shown to users</Trans>
            </label>
          </div>
          <LanguageTabs value={tab} onChange={setTab} written={(lang) => lang === "en" || hasText(draft.translations[lang])} />
          <div role="tabpanel" className="form" lang={intlLocale[tab]}>
            <TextField label={<Trans>Question</Trans>} name="question" value={text.question} maxLength={300} onChange={(e) => setText({ question: e.target.value })} error={errorOf("question")} />
            <HtmlEditor label={<Trans>Answer (HTML)</Trans>} value={text.answer} rows={8} onChange={(answer) => setText({ answer })} error={errorOf("answer")} />
          </div>
          <div className="bo-actions">
            <button type="submit" className="btn btn--primary" disabled={save.pending}>
              <Trans>Save</Trans>
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>FAQ</Trans>
        </h1>
        <button
          type="button"
          className="btn btn--primary btn--small"
          style={{ width: "auto" }}
          onClick={() => {
            setTab("en");
            setDraft({ category: category || "other", lang: null, ...EMPTY_TEXT, sort: 100, published: true, translations: {} });
          }}
        >
          <Icon name="plus" size={16} />
          <Trans>New question</Trans>
        </button>
      </div>
      <div className="bo-toolbar">
        <SelectField label={t`Category`} value={category} onChange={(e) => setCategory(e.target.value as FaqCategory | "")}>
          <option value="">{t`All`}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {i18n._(FAQ_LABELS[c])}
            </option>
          ))}
        </SelectField>
      </div>
      <DeskList loading={!data} count={data?.length ?? 0} empty={<Trans>No questions in this category.</Trans>} emptyIcon="help">
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Category</Trans></th>
              <th className="num"><Trans>Sort order</Trans></th>
              <th><Trans>Question</Trans></th>
              <th><Trans>Readers</Trans></th>
              <th><Trans>Languages</Trans></th>
              <th><Trans>Shown</Trans></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.map((entry) => (
              <tr key={entry.id}>
                <td>{i18n._(FAQ_LABELS[entry.category])}</td>
                <td className="num">{entry.sort}</td>
                <td className="bo-cell-title">{entry.question}</td>
                <td>{entry.lang ?? <Trans>Every language</Trans>}</td>
                <td>{entry.lang ? null : <MissingLanguages missing={entry.missing_languages} />}</td>
                <td>{entry.published ? <span className="badge badge--up"><Trans>Yes</Trans></span> : <span className="badge"><Trans>Hidden</Trans></span>}</td>
                <td style={{ whiteSpace: "nowrap" }}>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    onClick={() => {
                      setTab("en");
                      setDraft({ ...entry });
                    }}
                  >
                    <Trans>Edit</Trans>
                  </button>{" "}
                  <button type="button" className="btn btn--danger btn--small" onClick={() => setDeleting(entry)}>
                    <Trans>Delete</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>
      <ConfirmModal
        open={deleting !== null}
        title={<Trans>Delete this question?</Trans>}
        confirm={<Trans>Delete</Trans>}
        danger
        busy={remove.pending}
        onConfirm={() => deleting && void remove.run(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting && <Trans>“{deleting.question}” is removed from the app. The audit log keeps its text.</Trans>}
      </ConfirmModal>
    </>
  );
}
