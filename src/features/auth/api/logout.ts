import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST user/logout: revokes the token on the server. */
export const logout = endpoint<typeof auth.logout>({ method: "POST", path: "user/logout", access: "user" });
