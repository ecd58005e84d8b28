/** Whether this browser can use passkeys at all; its own file, so the login route asks without loading the rest. */
export const passkeysSupported = (): boolean => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
