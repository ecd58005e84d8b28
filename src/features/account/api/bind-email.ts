import type { account } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST safe/email: bind the e-mail with the code sent to it. */
export const bindEmail = endpoint<typeof account.bindEmail>({ method: "POST", path: "safe/email", access: "user" });
