import type { account } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST safe/update_password: login password (type login) or trading password (type trade). */
export const updatePassword = endpoint<typeof account.updatePassword>({ method: "POST", path: "safe/update_password", access: "user" });
