import useSWR from "swr";
import type { auth } from "@contract";
import { endpoint } from "./client";
import { setUserInfo } from "../state/store";

/** GET user/info. */
export const getUserInfo = endpoint<typeof auth.info>({ method: "GET", path: "user/info", access: "user" });

export const userInfoKey = "user/info";

/** Loads the user and stores it in the session (persisted), which keeps hasLogin true. */
export async function refreshUserInfo() {
  const info = await getUserInfo({}, { silent: true });
  await setUserInfo(info);
  return info;
}

/** The signed-in user, fresh from the server; the stored copy shows meanwhile. */
export function useUserInfo() {
  return useSWR(userInfoKey, refreshUserInfo);
}
