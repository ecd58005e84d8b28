import type { UserInfo } from "@contract/auth";
import type { AuthenticationResponse } from "@contract/webauthn";
import { loadWebAuthn, withDevice } from "@/shared/api/passkeys";
import { passkeyLogin, passkeyLoginOptions } from "../api/passkey-login";
import { startSession } from "./session";

/**
 * Passkey sign-in, loaded when it is used: a challenge (for the typed account, or for any passkey of ours the device
 * holds), the device's answer, then the session as a password sign-in gives it. Null when the device gave no answer.
 */
export async function signInWithPasskey(account: string): Promise<UserInfo | null> {
  const optionsJSON = await passkeyLoginOptions(account ? { account } : {});
  const response = await withDevice(async () => {
    const { startAuthentication } = await loadWebAuthn();
    return (await startAuthentication({ optionsJSON })) as AuthenticationResponse;
  });
  if (!response) return null;
  const session = await passkeyLogin({ response });
  await startSession(session);
  return session.user;
}
