import type { passkey } from "@contract";
import { endpoint } from "@/shared/api/client";

const postLoginOptions = endpoint<typeof passkey.loginOptions>({ method: "POST", path: "passkey/login/options", access: "public" });
const postLogin = endpoint<typeof passkey.login>({ method: "POST", path: "passkey/login", access: "public" });

/** POST passkey/login/options: a sign-in challenge, for an account or (empty) for any passkey the device holds. JSON body. */
export const passkeyLoginOptions = (input: { account?: string }) => postLoginOptions(input, { json: true });

/** POST passkey/login: the device's answer; the same session as user/login. JSON body (the answer is an object). */
export const passkeyLogin = (input: Parameters<typeof postLogin>[0]) => postLogin(input, { json: true });
