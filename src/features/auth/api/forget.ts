import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST user/forget: new login password with the code sent to the bound e-mail. */
export const forget = endpoint<typeof auth.forget>({ method: "POST", path: "user/forget", access: "public" });
