import { useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { realNameDismissedAtom, useSetAtom } from "@/shared/state/store";
import { paths } from "@/shared/lib/paths";
import { useSettled } from "@/shared/lib/use-settled";
import { Modal } from "@/shared/ui/modal";

/**
 * "Please complete real-name verification first", with a button to KYC (the shell shows it while the user's
 * review_status is 0 or 3 and it was not dismissed this session; not on the KYC, login and register pages). The
 * screen under it opens first: the modal shows once the page has loaded and settled.
 */
export function RealNameModal({ rejected }: { rejected: boolean }) {
  const [, navigate] = useLocation();
  const setDismissed = useSetAtom(realNameDismissedAtom);
  const settled = useSettled();
  const close = () => setDismissed(true);
  if (!settled) return null;
  return (
    <Modal
      open
      title={<Trans>Real-name verification</Trans>}
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            <Trans>Later</Trans>
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              close();
              navigate(paths.kyc);
            }}
          >
            <Trans>Verify now</Trans>
          </button>
        </>
      }
    >
      {rejected ? (
        <Trans>Your verification was rejected. Please complete real-name verification first.</Trans>
      ) : (
        <Trans>Please complete real-name verification first.</Trans>
      )}
    </Modal>
  );
}
