import type { positions } from "@contract";
import { operatorEndpoint } from "./api";

/** The leveraged trading pages of the back office (contract: server/contract/positions.ts, back-office section). */
export const getPositions = operatorEndpoint<typeof positions.backofficePositions>({ method: "GET", path: "backoffice/positions", access: "operator" });
export const getPositionsConfig = operatorEndpoint<typeof positions.backofficeConfig>({ method: "GET", path: "backoffice/positions/config", access: "operator" });
export const savePositionsConfig = operatorEndpoint<typeof positions.backofficeConfigSave>({ method: "POST", path: "backoffice/positions/config/save", access: "operator" });
