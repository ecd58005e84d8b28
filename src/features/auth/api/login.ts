import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST user/login: account name or e-mail and password. */
export const login = endpoint<typeof auth.login>({ method: "POST", path: "user/login", access: "public" });
