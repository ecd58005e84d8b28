import type { features, options } from "@contract";
import { operatorEndpoint } from "./api";

/** The timed options pages of the back office (contract: server/contract/options.ts, back-office section). */
export const getOptions = operatorEndpoint<typeof options.backofficeOptions>({ method: "GET", path: "backoffice/options", access: "operator" });
export const getOptionsConfig = operatorEndpoint<typeof options.backofficeConfig>({ method: "GET", path: "backoffice/options/config", access: "operator" });
export const saveOptionsConfig = operatorEndpoint<typeof options.backofficeConfigSave>({ method: "POST", path: "backoffice/options/config/save", access: "operator" });
/** Products switched off per KYC country (contract: server/contract/features.ts). */
export const getFeatureSwitches = operatorEndpoint<typeof features.backofficeSwitches>({ method: "GET", path: "backoffice/features", access: "operator" });
export const saveFeatureSwitches = operatorEndpoint<typeof features.backofficeSwitchesSave>({ method: "POST", path: "backoffice/features/save", access: "operator" });
