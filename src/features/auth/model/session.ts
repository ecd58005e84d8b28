import type { UserInfo } from "@contract/auth";
import { setToken, setUserInfo } from "@/shared/state/store";

/** After login, registration or wallet sign-in: keep the token and the user (both persisted). */
export async function startSession(session: { token: string; user: UserInfo }): Promise<void> {
  await setToken(session.token);
  await setUserInfo(session.user);
}
