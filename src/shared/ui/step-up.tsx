import { useRef, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toastNeedsConnection } from "../api/client";
import type { AuthenticationResponse } from "@contract/webauthn";
import { ApiError } from "../api/errors";
import { deviceOnline } from "../api/online";
import { stepUpPasskey, usePasskeys, withDevice } from "../api/passkeys";
import { passkeysSupported } from "../lib/passkey-support";
import { i18n, serverMessagesReady } from "../i18n/i18n";
import { useAtomValue, userInfoAtom } from "../state/store";
import { TextField } from "./field";
import { ConfirmModal } from "./modal";

/** What a sensitive call carries as its step-up (contract `stepUpFields`): spread it into the call's input. */
export type StepUpProof = { step_up?: string; passkey?: AuthenticationResponse };

/**
 * A sensitive action (address book, security settings): the server wants a step-up proof in `step_up` even within a
 * session (contract `stepUpFields`), or a passkey's answer in `passkey`. Submitting opens a prompt asking for it
 * once; confirming (or "Use a passkey") runs the action with it. A wrong proof keeps the prompt open with its message; any other refusal closes it, and the form shows the
 * refused fields through `errorOf` as with `useAction`. `needed: false` runs the action straight away (a request
 * that already carries the current password). Offline, nothing starts (the same rule as `useAction`).
 *
 * `check` runs first: what the form can tell on the device (a length, a format, a match) is said under its field
 * before any secret is asked for (field -> message key, as the server names them; null when all is well). A proof
 * the server took (the change was refused for another reason) covers the next try of the same change, so fixing a
 * field does not ask for the secret again; it is forgotten once the change is done.
 */
export function useStepUpAction<A extends unknown[]>(
  action: (proof: StepUpProof, ...args: A) => Promise<unknown>,
  options: { needed?: boolean; check?: (...args: A) => Record<string, string> | null } = {},
) {
  const needed = options.needed ?? true;
  const [asking, setAsking] = useState<{ args: A } | null>(null);
  const [proof, setProof] = useState("");
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The proof of the change under way that the server did not refuse (see above).
  const taken = useRef<StepUpProof | undefined>(undefined);

  const perform = async (proofValue: StepUpProof, args: A, reused = false) => {
    if (pending) return;
    if (!deviceOnline()) {
      toastNeedsConnection();
      return;
    }
    setPending(true);
    setFieldErrors({});
    try {
      await action(proofValue, ...args);
      taken.current = undefined;
      setAsking(null);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields.step_up) {
          taken.current = undefined;
          // A kept proof that no longer holds (a used Google code): ask for a fresh one, without blaming the user.
          if (reused) {
            setFieldErrors({});
            setProof("");
            setAsking({ args });
            return;
          }
        } else {
          taken.current = proofValue;
          setAsking(null);
        }
        setFieldErrors(error.fields);
      } else if (!(error instanceof Error && error.name === "NetworkError")) throw error;
    } finally {
      setPending(false);
    }
  };

  const run = (...args: A) => {
    const refused = options.check?.(...args);
    if (refused && Object.keys(refused).length > 0) {
      setFieldErrors(refused);
      // The keys are the server's: their words may still be loading when nothing was asked of the server yet
      // (shown again once loaded, unless the form has moved on).
      void serverMessagesReady().then(() => setFieldErrors((now) => (now === refused ? { ...refused } : now)));
      return;
    }
    if (!needed) return void perform({}, args);
    if (taken.current !== undefined) return void perform(taken.current, args, true);
    setFieldErrors({});
    setProof("");
    setAsking({ args });
  };
  const errorOf = (field: string): string | undefined => (fieldErrors[field] ? i18n._(fieldErrors[field]) : undefined);
  return {
    run,
    pending,
    errorOf,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      run(...([] as unknown as A));
    },
    prompt: (
      <StepUpPrompt
        open={asking !== null}
        proof={proof}
        onProof={setProof}
        error={errorOf("step_up")}
        busy={pending}
        onConfirm={() => asking && void perform({ step_up: proof }, asking.args)}
        onPasskey={async () => {
          if (!asking || !deviceOnline()) return;
          const passkey = await withDevice(stepUpPasskey).catch(() => null);
          if (passkey) await perform({ passkey }, asking.args);
        }}
        onClose={() => setAsking(null)}
      />
    ),
  };
}

/**
 * The prompt names the proof this user has: the trading password, or its Google code too; else the login password.
 * A user with a passkey may use it instead.
 */
function StepUpPrompt({ open, proof, onProof, error, busy, onConfirm, onPasskey, onClose }: {
  open: boolean;
  proof: string;
  onProof: (value: string) => void;
  error?: string;
  busy: boolean;
  onConfirm: () => void;
  onPasskey: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const hasPasskey = (usePasskeys(open && passkeysSupported()).data?.list.length ?? 0) > 0;
  const label = user?.google_bound ? (user.has_trade_password ? t`Trading password or Google Authenticator code` : t`Google Authenticator code`) : user?.has_trade_password ? t`Trading password` : t`Login password`;
  return (
    <ConfirmModal open={open} title={<Trans>Confirm it is you</Trans>} confirm={<Trans>Confirm</Trans>} busy={busy} disabled={!proof} onConfirm={onConfirm} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (proof) onConfirm();
        }}
        noValidate
      >
        <p className="faint" style={{ fontSize: 13, marginTop: 0 }}>
          <Trans>This change protects your money, so it asks again even while you are signed in.</Trans>
        </p>
        <TextField label={label} name="step_up" type="password" autoComplete="off" autoFocus value={proof} onChange={(e) => onProof(e.target.value)} error={error} />
      </form>
      {hasPasskey && (
        <button type="button" className="btn btn--ghost" style={{ width: "100%", marginTop: 8 }} disabled={busy} onClick={() => void onPasskey()}>
          <Trans>Use a passkey</Trans>
        </button>
      )}
    </ConfirmModal>
  );
}
