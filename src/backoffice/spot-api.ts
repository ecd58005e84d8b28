import type { spot } from "@contract";
import { operatorEndpoint } from "./api";

/** The spot pages of the back office (contract: server/contract/spot.ts, back-office section). */
export const getSpotOrders = operatorEndpoint<typeof spot.backofficeOrders>({ method: "GET", path: "backoffice/spot/orders", access: "operator" });
export const getSpotConfig = operatorEndpoint<typeof spot.backofficeConfig>({ method: "GET", path: "backoffice/spot/config", access: "operator" });
export const saveSpotConfig = operatorEndpoint<typeof spot.backofficeConfigSave>({ method: "POST", path: "backoffice/spot/config/save", access: "operator" });
