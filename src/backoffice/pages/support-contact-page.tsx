import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SupportContact } from "@contract/content";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { useMe } from "../api";
import { getSupport, saveSupport } from "../content-api";
import { TextArea } from "./content-parts";

const text = (v: string | null) => v ?? "";

/** The customer-service contact users see on the Service tab (an https page opened in the app, an e-mail, hours). */
export function SupportContactPage() {
  const { i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/support", () => getSupport({}, { silent: true }));
  const { data: me } = useMe();
  const [form, setForm] = useState<Record<keyof SupportContact, string> | null>(null);
  useEffect(() => {
    if (data) setForm({ url: text(data.url), email: text(data.email), hours: text(data.hours), note: text(data.note) });
  }, [data]);
  const save = useAction(async () => {
    if (!form) return;
    const orNull = (v: string) => (v.trim() ? v.trim() : null);
    const saved = await saveSupport({ url: orNull(form.url), email: orNull(form.email), hours: orNull(form.hours), note: orNull(form.note) });
    await mutate(saved, { revalidate: false });
    showToast(i18n._(successes.SAVE.key), "success");
  });
  if (!form) return <Skeleton lines={5} />;
  const canEdit = me?.role === "admin";
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
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
        <TextField label={<Trans>Hours</Trans>} name="hours" value={form.hours} maxLength={120} disabled={!canEdit} placeholder="08:00-22:00" onChange={(e) => set({ hours: e.target.value })} error={save.errorOf("hours")} />
        <TextArea label={<Trans>Note for users (plain text)</Trans>} name="note" rows={3} maxLength={500} value={form.note} disabled={!canEdit} onChange={(e) => set({ note: e.target.value })} error={save.errorOf("note")} />
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
