import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Language } from "@contract/constants";
import type { SupportContact } from "@contract/content";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { useMe } from "../api";
import { getSupport, saveSupport } from "../content-api";
import { hasText, LanguageTabs, TextArea } from "./content-parts";

const text = (v: string | null) => v ?? "";
const orNull = (v: string) => (v.trim() ? v.trim() : null);

type Form = Record<"url" | "email" | "hours" | "note", string>;
/** Hours and note per language other than English, as typed. */
type Versions = Partial<Record<Language, { hours: string; note: string }>>;

/** The customer-service contact users see on the Service tab (an https page opened in the app, an e-mail, hours). */
export function SupportContactPage() {
  const { i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/support", () => getSupport({}, { silent: true }));
  const { data: me } = useMe();
  const [form, setForm] = useState<Form | null>(null);
  const [versions, setVersions] = useState<Versions>({});
  const [tab, setTab] = useState<Language>("en");
  useEffect(() => {
    if (!data) return;
    setForm({ url: text(data.url), email: text(data.email), hours: text(data.hours), note: text(data.note) });
    setVersions(Object.fromEntries(Object.entries(data.translations).map(([lang, v]) => [lang, { hours: text(v?.hours ?? null), note: text(v?.note ?? null) }])));
  }, [data]);
  const save = useAction(async () => {
    if (!form) return;
    const translations: SupportContact["translations"] = Object.fromEntries(
      Object.entries(versions).map(([lang, v]) => [lang, { hours: orNull(v?.hours ?? ""), note: orNull(v?.note ?? "") }]),
    );
    const saved = await saveSupport({ url: orNull(form.url), email: orNull(form.email), hours: orNull(form.hours), note: orNull(form.note), translations });
    await mutate(saved, { revalidate: false });
    showToast(i18n._(successes.SAVE.key), "success");
  });
  if (!form) return <Skeleton lines={5} />;
  const canEdit = me?.role === "admin";
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  // English edits the contact itself, another tab that language's hours and note.
  const shown = tab === "en" ? form : { hours: "", note: "", ...versions[tab] };
  const setShown = (change: { hours?: string; note?: string }) =>
    tab === "en" ? set(change) : setVersions({ ...versions, [tab]: { hours: shown.hours, note: shown.note, ...change } });
  const errorOf = (field: "hours" | "note") => save.errorOf(tab === "en" ? field : `translations.${tab}.${field}`);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Support contact</Trans>
        </h1>
      </div>
      <form className="form card" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 640 }}>
        <TextField
          label={<Trans>Support page (https)</Trans>}
          name="url"
          type="url"
          value={form.url}
          disabled={!canEdit}
          placeholder="https://"
          hint={<Trans>Opened inside the app. Leave empty if there is none.</Trans>}
          onChange={(e) => set({ url: e.target.value })}
          error={save.errorOf("url")}
        />
        <TextField label={<Trans>Support e-mail</Trans>} name="email" type="email" value={form.email} disabled={!canEdit} onChange={(e) => set({ email: e.target.value })} error={save.errorOf("email")} />
        <LanguageTabs value={tab} onChange={setTab} written={(lang) => lang === "en" || hasText(versions[lang])} />
        <TextField label={<Trans>Hours</Trans>} name="hours" value={shown.hours} maxLength={120} disabled={!canEdit} placeholder="08:00-22:00" onChange={(e) => setShown({ hours: e.target.value })} error={errorOf("hours")} />
        <TextArea label={<Trans>Note for users (plain text)</Trans>} name="note" rows={3} maxLength={500} value={shown.note} disabled={!canEdit} onChange={(e) => setShown({ note: e.target.value })} error={errorOf("note")} />
        {canEdit ? (
          <div className="bo-actions">
            <button type="submit" className="btn btn--primary" disabled={save.pending}>
              <Trans>Save</Trans>
            </button>
          </div>
        ) : (
          <p className="bo-hint">
            <Trans>Only an admin can change the support contact.</Trans>
          </p>
        )}
      </form>
    </>
  );
}
