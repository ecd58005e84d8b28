import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { sendMailCode, type CodePurpose } from "../api/mail-code";
import { useAction } from "../api/use-action";
import { showToast } from "../state/store";

/** Sends an e-mail code and counts down the minute before another may be asked for (the server's limit). */
export function SendCodeButton({ email, purpose }: { email: string; purpose: CodePurpose }) {
  const { i18n } = useLingui();
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = useAction(async () => {
    await sendMailCode({ email, type: purpose });
    showToast(i18n._(successes.CODE_SENT.key), "success");
    setWait(60);
  });
  return (
    <button type="button" className="btn btn--link" onClick={() => void send.run()} disabled={!email || wait > 0 || send.pending} style={{ whiteSpace: "nowrap" }}>
      {wait > 0 ? <Trans>Resend in {wait}s</Trans> : <Trans>Send code</Trans>}
    </button>
  );
}
