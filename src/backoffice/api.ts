import useSWR from "swr";
import type { backoffice } from "@contract";
import { createEndpoint, createRequest } from "@/shared/api/client";
import { clearServerCache } from "@/shared/api/swr";
import { navigate } from "@/shared/lib/navigation";

/** The operator's token lives for the browser tab only: closing the back office ends it on this machine. */
const TOKEN_KEY = "backoffice-token";

export const operatorToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

export function setOperatorToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
  window.dispatchEvent(new Event("backoffice-session"));
}

async function endOperatorSession(): Promise<void> {
  setOperatorToken(null);
  await clearServerCache();
  navigate("/login", { replace: true });
}

/** The same protocol client as the app, bound to the operator's session. */
export const operatorRequest = createRequest({ getToken: operatorToken, onSessionEnd: endOperatorSession });
export const operatorEndpoint = createEndpoint(operatorRequest);

export const login = operatorEndpoint<typeof backoffice.login>({ method: "POST", path: "backoffice/login", access: "public" });
export const logout = operatorEndpoint<typeof backoffice.logout>({ method: "POST", path: "backoffice/logout", access: "operator" });
export const getMe = operatorEndpoint<typeof backoffice.me>({ method: "GET", path: "backoffice/me", access: "operator" });
export const setupBegin = operatorEndpoint<typeof backoffice.setupBegin>({ method: "POST", path: "backoffice/setup/begin", access: "public" });
export const setupFinish = operatorEndpoint<typeof backoffice.setupFinish>({ method: "POST", path: "backoffice/setup/finish", access: "public" });
export const getOverview = operatorEndpoint<typeof backoffice.overview>({ method: "GET", path: "backoffice/overview", access: "operator" });
export const getAudit = operatorEndpoint<typeof backoffice.audit>({ method: "GET", path: "backoffice/audit", access: "operator" });

export const useMe = () => useSWR(operatorToken() ? "backoffice/me" : null, () => getMe({}, { silent: true }));

export async function signOut(): Promise<void> {
  await logout({}).catch(() => undefined);
  await endOperatorSession();
}
