import useSWR from "swr";
import type { lossShare } from "@contract/disclosures";
import { endpoint } from "@/shared/api/client";

/** GET disclosures/loss_share: the share of accounts that lost money over the last 90 days, per product family (public). */
export const getLossShare = endpoint<typeof lossShare>({ method: "GET", path: "disclosures/loss_share", access: "public" });

export const lossShareKey = "disclosures/loss_share";
/** The server recomputes it at most hourly; an hour-old copy on the phone is as good as a fresh one. */
export const useLossShare = () =>
  useSWR(lossShareKey, () => getLossShare({}, { silent: true, loading: false }), { revalidateOnFocus: false, dedupingInterval: 10 * 60_000 });
