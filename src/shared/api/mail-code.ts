import type { auth } from "@contract";
import { endpoint } from "./client";

/** POST sms_mail: a 6-digit code by e-mail, valid 10 minutes. */
export const sendMailCode = endpoint<typeof auth.sendMailCode>({ method: "POST", path: "sms_mail", access: "public" });

export type CodePurpose = "register" | "forget" | "bind";
