import { mutate } from "swr";
import type { passkey } from "@contract";
import type { RegistrationResponse } from "@contract/webauthn";
import { endpoint } from "@/shared/api/client";
import { loadWebAuthn, passkeysKey, withDevice } from "@/shared/api/passkeys";
import { refreshUserInfo } from "@/shared/api/user-info";
import type { StepUpProof } from "@/shared/ui/step-up";

/** POST passkey/register/options: the creation options (a step-up proof in the input). */
const postRegisterOptions = endpoint<typeof passkey.registerOptions>({ method: "POST", path: "passkey/register/options", access: "user" });
/** POST passkey/register: the device's new passkey, named. */
const postRegister = endpoint<typeof passkey.register>({ method: "POST", path: "passkey/register", access: "user" });
/** POST passkey/delete: remove one (a step-up proof in the input). */
const postRemove = endpoint<typeof passkey.remove>({ method: "POST", path: "passkey/delete", access: "user" });

/** Adds a passkey made by this device; false when the device made none (its prompt was closed or refused). */
export async function addPasskey(name: string, stepUp: StepUpProof): Promise<boolean> {
  const optionsJSON = await postRegisterOptions({ ...stepUp });
  const response = await withDevice(async () => {
    const { startRegistration } = await loadWebAuthn();
    return (await startRegistration({ optionsJSON })) as RegistrationResponse;
  });
  if (!response) return false;
  await postRegister({ response, name });
  await mutate(passkeysKey);
  return true;
}

/** Removes one; withdrawals pause for 24 hours, which the user's record then shows. */
export async function removePasskey(id: number, stepUp: StepUpProof): Promise<void> {
  await postRemove({ id, ...stepUp });
  await Promise.all([mutate(passkeysKey), refreshUserInfo()]);
}
