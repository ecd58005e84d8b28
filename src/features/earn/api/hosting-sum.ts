import useSWR from "swr";
import type { earn } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET lh/deposit/ordersum: hosted now, total income, yesterday's income, running orders. */
export const getHostingSum = endpoint<typeof earn.hostingSum>({ method: "GET", path: "lh/deposit/ordersum", access: "user" });

export const useHostingSum = () => useSWR("lh/deposit/ordersum", () => getHostingSum({}, { silent: true, loading: false }));
