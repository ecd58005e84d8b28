import useSWR, { mutate } from "swr";
import type { alerts } from "@contract";
import type { Alert } from "@contract/alerts";
import { endpoint } from "@/shared/api/client";
import { useTopics } from "@/shared/api/realtime";

/** POST alert/add: a price alert (above, below, or a move within a window). */
export const postAlertAdd = endpoint<typeof alerts.add>({ method: "POST", path: "alert/add", access: "user" });
/** GET alert/list: my alerts, newest first. */
export const getAlerts = endpoint<typeof alerts.list>({ method: "GET", path: "alert/list", access: "user" });
/** POST alert/delete. */
export const postAlertDelete = endpoint<typeof alerts.remove>({ method: "POST", path: "alert/delete", access: "user" });
/** POST alert/pause: pause or resume. */
export const postAlertPause = endpoint<typeof alerts.pause>({ method: "POST", path: "alert/pause", access: "user" });

/** Every alert of the user fits one page (at most 50 active; fired `once` alerts beyond the newest 100 are not shown). */
export const ALERTS_KEY = "alert/list?limit=100";

export const refreshAlerts = () => mutate(ALERTS_KEY);

/** My alerts, refetched when the socket's `alerts` channel says one fired. */
export function useAlerts() {
  const result = useSWR(ALERTS_KEY, () => getAlerts({ page: 1, limit: 100 }, { silent: true, loading: false }));
  useTopics<Alert>([{ channel: "alerts" }], () => void result.mutate(), { user: true });
  return result;
}

export async function addAlert(input: Parameters<typeof postAlertAdd>[0]) {
  const alert = await postAlertAdd(input);
  await refreshAlerts();
  return alert;
}

export async function deleteAlert(id: number) {
  await postAlertDelete({ id });
  await refreshAlerts();
}

export async function pauseAlert(id: number, paused: boolean) {
  const alert = await postAlertPause({ id, paused });
  await refreshAlerts();
  return alert;
}
