import { clearSession } from "../state/store";
import { navigate } from "../lib/navigation";
import { clearServerCache } from "./swr";

export const LOGIN_PATH = "/pages/login/index";

/** Logout, server-forced or chosen: forget the token and user, drop cached server data, relaunch at login. */
export async function endSession(): Promise<void> {
  await clearSession();
  await clearServerCache();
  navigate(LOGIN_PATH, { replace: true });
}
