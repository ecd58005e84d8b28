import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import type { WithdrawAddress } from "@contract/funding";
import { copyText } from "@/shared/lib/clipboard";
import { addressProblems } from "@/shared/lib/form-checks";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { SelectField, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { useStepUpAction } from "@/shared/ui/step-up";
import { addAddress } from "../api/add-address";
import { useAddresses } from "../api/addresses";
import { deleteAddress } from "../api/delete-address";
import { useWithdrawInfo } from "../api/withdraw-info";
import { AddressWait } from "./address-wait";
import "./wallet.css";

const shortAddress = (address: string) => (address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address);

/** An address as one line: label, network, the address shortened. */
export function describeAddress(a: WithdrawAddress): string {
  return [a.label, a.network, shortAddress(a.address)].filter(Boolean).join(" · ");
}

/**
 * The withdrawal address book (`/pages/order/withdraw?tab=addresses`): saved addresses with their network and
 * label, added and removed behind the step-up proof. A module of its own; the withdraw form picks from it.
 */
export function AddressBook() {
  const { t, i18n } = useLingui();
  const info = useWithdrawInfo();
  const book = useAddresses();
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ network: "", address: "", label: "" });
  const [removing, setRemoving] = useState<WithdrawAddress | null>(null);
  const networks = info.data?.networks ?? ["TRC20", "ERC20"];
  const network = form.network || networks[0];
  // Address book changes ask for the step-up proof once per change (shared/ui/step-up).
  const add = useStepUpAction(async (stepUp) => {
    await addAddress({ currency: "USDT", network, address: form.address.trim(), label: form.label.trim(), ...stepUp });
    showToast(i18n._(successes.ADDRESS_ADDED.key), "success");
    setForm({ network: "", address: "", label: "" });
    setAdding(false);
  }, { check: () => addressProblems(network, form.address) });
  const remove = useStepUpAction(async (stepUp, id: number) => {
    await deleteAddress(id, stepUp);
    showToast(i18n._(successes.ADDRESS_DELETED.key), "success");
  });

  return (
    <>
      {adding ? (
        <form className="form card" onSubmit={add.onSubmit} noValidate style={{ marginBottom: 14 }}>
          <SelectField label={<Trans>Network</Trans>} name="network" value={network} onChange={(e) => setForm((f) => ({ ...f, network: e.target.value }))}>
            {networks.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <TextField
            label={<Trans>Address</Trans>}
            name="address"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={form.address}
            onChange={(e) => setForm((f) => ({ ...f, address: e.target.value }))}
            placeholder={network === "TRC20" ? "T…" : "0x…"}
            error={add.errorOf("address")}
          />
          <TextField label={<Trans>Label</Trans>} name="label" maxLength={32} value={form.label} onChange={(e) => setForm((f) => ({ ...f, label: e.target.value }))} placeholder={t`Optional, e.g. My exchange`} error={add.errorOf("label")} />
          <p className="faint" style={{ fontSize: 12, margin: 0 }}>
            <Trans>Check the address and its network: a transfer sent to a wrong address cannot be recovered.</Trans>{" "}
            <Trans>A new address can receive withdrawals only after a waiting period, and you are told of every address added by a notice and an e-mail.</Trans>
          </p>
          <div style={{ display: "flex", gap: 10 }}>
            <button type="button" className="btn btn--ghost" onClick={() => setAdding(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="btn btn--primary" disabled={add.pending || !form.address.trim()}>
              <Trans>Save address</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn--ghost" style={{ marginBottom: 14 }} onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          <Trans>Add address</Trans>
        </button>
      )}

      {!book.data ? (
        <Skeleton lines={3} />
      ) : book.data.length === 0 ? (
        <EmptyState icon="wallet">
          <Trans>No saved addresses yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="list" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t`Address book`}>
          {book.data.map((a) => (
            <li key={a.id} className="wallet-row">
              <div className="wallet-row__main">
                <div className="wallet-row__name">
                  {a.label || <Trans>Address</Trans>} <span className="badge">{a.network}</span>
                </div>
                <div style={{ fontFamily: "var(--mono)", fontSize: 12, wordBreak: "break-all", color: "var(--text-2)" }}>
                  {a.address}
                </div>
                <AddressWait usableAt={a.usable_at} />
              </div>
              <button type="button" className="icon-btn" aria-label={t`Copy address`} onClick={() => void copyText(a.address)}>
                <Icon name="copy" size={18} />
              </button>
              <button type="button" className="icon-btn" aria-label={t`Delete address`} onClick={() => setRemoving(a)}>
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmModal
        open={removing !== null}
        title={<Trans>Delete this address?</Trans>}
        confirm={<Trans>Delete</Trans>}
        danger
        busy={remove.pending}
        onConfirm={() => {
          // The question is answered; the step-up prompt takes its place.
          if (removing) remove.run(removing.id);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      >
        <span style={{ wordBreak: "break-all" }}>{removing ? describeAddress(removing) : ""}</span>
      </ConfirmModal>
      {add.prompt}
      {remove.prompt}
    </>
  );
}
