import useSWR from "swr";
import type { security } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST safe/anti_phishing: the user's code (null while none is set). */
export const getAntiPhishing = endpoint<typeof security.antiPhishing>({ method: "POST", path: "safe/anti_phishing", access: "user" });
/** POST safe/anti_phishing/set: set or change it (step-up proof in step_up). */
export const setAntiPhishing = endpoint<typeof security.setAntiPhishing>({ method: "POST", path: "safe/anti_phishing/set", access: "user" });
/** POST safe/sessions: the user's live sessions, this one first. */
export const getSessions = endpoint<typeof security.sessions>({ method: "POST", path: "safe/sessions", access: "user" });
/** POST safe/sessions/end: log out one session. */
export const endSession = endpoint<typeof security.endSession>({ method: "POST", path: "safe/sessions/end", access: "user" });
/** POST safe/sessions/end_others: log out every other session. */
export const endOtherSessions = endpoint<typeof security.endOtherSessions>({ method: "POST", path: "safe/sessions/end_others", access: "user" });
/** POST safe/login_history: sign-in attempts, newest first. */
export const getLoginHistory = endpoint<typeof security.loginHistory>({ method: "POST", path: "safe/login_history", access: "user" });

export const useAntiPhishing = () => useSWR("safe/anti_phishing", () => getAntiPhishing({}, { silent: true, loading: false }));
export const useSessions = () => useSWR("safe/sessions", () => getSessions({}, { silent: true, loading: false }));
/** The latest 50 attempts: enough to spot a stranger; older ones stay on record. */
export const useLoginHistory = () => useSWR("safe/login_history", () => getLoginHistory({ limit: 50 }, { silent: true, loading: false }));

/** "Chrome / Android": what the server read from the user agent ("" when it could not tell). */
export const deviceName = (item: { device: string; browser: string }): string => [item.browser, item.device].filter(Boolean).join(" / ");
