import useSWR from "swr";
import { msg } from "@lingui/core/macro";
import type { passkey } from "@contract";
import type { Output } from "@contract/define";
import type { AuthenticationResponse } from "@contract/webauthn";
import { i18n } from "../i18n/i18n";
import { showToast } from "../state/store";
import { endpoint, request } from "./client";
import { ApiError } from "./errors";

/** GET passkey/list: the user's passkeys with their last use. */
export const getPasskeys = endpoint<typeof passkey.list>({ method: "GET", path: "passkey/list", access: "user" });
export const passkeysKey = "passkey/list";

/** The user's passkeys; `enabled: false` asks nothing (a closed step-up prompt). */
export const usePasskeys = (enabled = true) => useSWR(enabled ? passkeysKey : null, () => getPasskeys({}, { silent: true, loading: false }));

/** The browser side of WebAuthn, loaded when a passkey is actually used. */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

/**
 * The step-up answer of a passkey: a challenge of `passkey/login/options` asked with the user's token (which makes
 * it a step-up challenge for this user), answered by the device.
 */
export async function stepUpPasskey(): Promise<AuthenticationResponse> {
  const optionsJSON = await request<Output<typeof passkey.loginOptions>>("passkey/login/options", { method: "POST", data: {}, auth: true, loading: false });
  const { startAuthentication } = await loadWebAuthn();
  return (await startAuthentication({ optionsJSON })) as AuthenticationResponse;
}

/**
 * Runs a ceremony that involves the device. The server's refusals and network errors go on as ever (the client has
 * toasted them); the device's own (the prompt closed, timed out, no passkey, refused) are told once and give null.
 */
export async function withDevice<T>(ceremony: () => Promise<T>): Promise<T | null> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof ApiError || (error instanceof Error && error.name === "NetworkError")) throw error;
    showToast(i18n._(msg`No passkey was used.`), "error");
    return null;
  }
}
