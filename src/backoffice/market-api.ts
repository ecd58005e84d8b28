import type { market } from "@contract";
import { operatorEndpoint } from "./api";

/** The market pages of the back office (contract: server/contract/market.ts, back-office section). */
export const getPairs = operatorEndpoint<typeof market.backofficePairs>({ method: "GET", path: "backoffice/market/pairs", access: "operator" });
export const updatePair = operatorEndpoint<typeof market.updatePair>({ method: "POST", path: "backoffice/market/pairs/update", access: "operator" });
export const getFeedStatus = operatorEndpoint<typeof market.feedStatus>({ method: "GET", path: "backoffice/market/feed", access: "operator" });
export const switchVenue = operatorEndpoint<typeof market.switchVenue>({ method: "POST", path: "backoffice/market/feed/venue", access: "operator" });
export const getTermChanges = operatorEndpoint<typeof market.termChanges>({ method: "GET", path: "backoffice/market/terms", access: "operator" });
export const saveTermNotice = operatorEndpoint<typeof market.saveTermNotice>({ method: "POST", path: "backoffice/market/terms/notice", access: "operator" });
export const cancelTermChange = operatorEndpoint<typeof market.cancelTermChange>({ method: "POST", path: "backoffice/market/terms/cancel", access: "operator" });
