import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST set/lang: the server remembers the language for the e-mails it sends. */
export const setServerLanguage = endpoint<typeof auth.setLanguage>({ method: "POST", path: "set/lang", access: "user" });
