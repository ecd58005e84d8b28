import { useEffect, useId, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

/** A centred dialog with a title, a message and its buttons; Escape closes it when it may be closed. */
export function Modal({ open, title, children, actions, onClose }: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
}) {
  const titleId = useId();
  useEffect(() => {
    if (!open || !onClose) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="modal" onClick={(event) => event.target === event.currentTarget && onClose?.()}>
      <div className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        {children && <div className="modal__body">{children}</div>}
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}

/**
 * Asks before an action: a way back (Cancel unless told otherwise) and the action's own button, red when it takes
 * something away. The action is disabled while it runs (`busy`) and while the dialog's form is not ready.
 */
export function ConfirmModal({ open, title, confirm, cancel, danger = false, busy = false, disabled = false, onConfirm, onClose, children }: {
  open: boolean;
  title: ReactNode;
  confirm: ReactNode;
  cancel?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {cancel ?? <Trans>Cancel</Trans>}
          </button>
          <button type="button" className={danger ? "btn btn--danger" : "btn btn--primary"} disabled={busy || disabled} onClick={onConfirm}>
            {confirm}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
