import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { TextField } from "@/shared/ui/field";
import { ConfirmModal } from "@/shared/ui/modal";

/** Rejecting a request (deposit, withdrawal, KYC) always takes a reason, which the user is shown. */
export function RejectModal({ open, title, confirm, reason, onReason, busy, error, onConfirm, onClose }: {
  open: boolean;
  title: ReactNode;
  confirm?: ReactNode;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmModal open={open} title={title} confirm={confirm ?? <Trans>Reject</Trans>} danger busy={busy} disabled={!reason.trim()} onConfirm={onConfirm} onClose={onClose}>
      <TextField label={<Trans>Reason (the user sees it)</Trans>} name="reason" value={reason} maxLength={500} onChange={(e) => onReason(e.target.value)} error={error} />
    </ConfirmModal>
  );
}
