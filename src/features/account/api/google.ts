import type { account } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST safe/google: get a key, bind it with a code, or unbind. */
export const google = endpoint<typeof account.google>({ method: "POST", path: "safe/google", access: "user" });
