import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { useLocation } from "wouter";
import { useAction } from "@/shared/api/use-action";
import { chooseLocationPath, leaveDraft, openLocationPath, takeHandoff } from "@/shared/lib/location";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { FillInReason, TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { saveBankCard, useBankCard } from "../api/bank-card";

const EMPTY = {
  real_name: "",
  bank_name: "",
  swift_code: "",
  bank_address: "",
  card_number: "",
  username: "",
  payee_country: "",
  phone: "",
  recipient_address: "",
  routing_number: "",
};
type Card = typeof EMPTY;

/** The hand-off key of the recipient address with the choose-location page. */
const RECIPIENT_PLACE = "bank-card-recipient";

/** The bank card: needed for forex and for wire transfers. */
export function BankPage() {
  const { t, i18n } = useLingui();
  const { data, isLoading, mutate } = useBankCard();
  const [, go] = useLocation();
  // Back from choose-location: the unsaved form as it was, with the chosen place as the recipient address.
  const [returned] = useState(() => takeHandoff<Card>(RECIPIENT_PLACE));
  const [form, setForm] = useState<Card>(() => {
    const draft = returned?.draft ?? EMPTY;
    return returned?.place ? { ...draft, recipient_address: returned.place.address.slice(0, 256) } : draft;
  });
  useEffect(() => {
    if (data && !returned) {
      const { updated_at: _updated, ...card } = data;
      setForm(card);
    }
  }, [data, returned]);
  const chooseRecipientPlace = () => {
    leaveDraft(RECIPIENT_PLACE, form);
    go(chooseLocationPath(RECIPIENT_PLACE));
  };
  const submit = useAction(async () => {
    await saveBankCard(form);
    await mutate();
    showToast(i18n._(successes.SAVE.key), "success");
  });
  const field = (name: keyof Card, label: React.ReactNode, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      error={submit.errorOf(name)}
      {...extra}
    />
  );
  return (
    <Page title={<Trans>Bank cards</Trans>} nav="default">
      {isLoading ? (
        <Skeleton lines={6} />
      ) : (
        <form className="form" onSubmit={submit.onSubmit} noValidate>
          {field("real_name", <Trans>Real name</Trans>, { autoComplete: "name", placeholder: t`As on the account` })}
          {field("bank_name", <Trans>Bank name</Trans>)}
          {field("card_number", <Trans>Card or account number</Trans>, { inputMode: "numeric", autoComplete: "off" })}
          {field("swift_code", <Trans>Bank SWIFT code</Trans>, { autoCapitalize: "characters", placeholder: t`Optional` })}
          {field("routing_number", <Trans>Bank routing number</Trans>, { placeholder: t`Optional` })}
          {field("bank_address", <Trans>Bank address</Trans>, { placeholder: t`Optional` })}
          {field("username", <Trans>Username</Trans>, { placeholder: t`Optional` })}
          {field("payee_country", <Trans>Payee country</Trans>, { autoComplete: "country-name", placeholder: t`Optional` })}
          {field("phone", <Trans>Phone number</Trans>, { type: "tel", autoComplete: "tel", placeholder: t`Optional` })}
          {field("recipient_address", <Trans>Recipient address</Trans>, { autoComplete: "street-address", placeholder: t`Optional` })}
          <div className="location-links">
            <button type="button" className="btn btn--ghost btn--small" onClick={chooseRecipientPlace}>
              <Trans>Choose location</Trans>
            </button>
            {form.recipient_address && (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => go(openLocationPath({ address: form.recipient_address }))}>
                <Trans>Show location</Trans>
              </button>
            )}
          </div>
          <button type="submit" className="btn btn--primary" disabled={submit.pending || !form.real_name || !form.bank_name || !form.card_number}>
            {data ? <Trans>Update</Trans> : <Trans>Save</Trans>}
          </button>
          <FillInReason missing={!form.real_name || !form.bank_name || !form.card_number} />
        </form>
      )}
    </Page>
  );
}
