import useSWR from "swr";
import type { referral } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET user/invite: my code, link, the reward and its conditions, invitees (masked) and income records. */
export const getInvite = endpoint<typeof referral.invite>({ method: "GET", path: "user/invite", access: "user" });

export type Invite = Awaited<ReturnType<typeof getInvite>>;

export const useInvite = () => useSWR("user/invite", () => getInvite({}, { silent: true, loading: false }));
