import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST user/register: account (name or e-mail), password twice, invitation code, e-mail code. */
export const register = endpoint<typeof auth.register>({ method: "POST", path: "user/register", access: "public" });
