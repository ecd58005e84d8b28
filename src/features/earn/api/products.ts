import useSWR from "swr";
import type { earn } from "@contract";
import type { EarnKind } from "@contract/earn";
import { endpoint } from "@/shared/api/client";

/** GET project: AI arbitrage products (daily rate, APR, limits, participants, who pays, the risk). */
export const getProjects = endpoint<typeof earn.projects>({ method: "GET", path: "project", access: "user" });
/** GET lh/deposit/config: hosting products. */
export const getHostingProducts = endpoint<typeof earn.hostingConfig>({ method: "GET", path: "lh/deposit/config", access: "user" });

export const productsKey = (kind: EarnKind) => (kind === "arbitrage" ? "project" : "lh/deposit/config");

export const useProducts = (kind: EarnKind) =>
  useSWR(productsKey(kind), () => (kind === "arbitrage" ? getProjects({ status: "open" }, { silent: true, loading: false }) : getHostingProducts({}, { silent: true, loading: false })));
