import type { proof } from "@contract";
import { operatorEndpoint } from "./api";

/** Proof of liabilities: liabilities against reserves, the declared reserves, snapshots and their history (server/contract/proof.ts). */
export const getProofLiabilities = operatorEndpoint<typeof proof.liabilities>({ method: "GET", path: "backoffice/proof/liabilities", access: "operator" });
export const saveProofReserves = operatorEndpoint<typeof proof.setReserves>({ method: "POST", path: "backoffice/proof/reserves", access: "operator" });
export const takeProofSnapshot = operatorEndpoint<typeof proof.snapshot>({ method: "POST", path: "backoffice/proof/snapshot", access: "operator" });
export const getProofHistory = operatorEndpoint<typeof proof.history>({ method: "GET", path: "backoffice/proof/history", access: "operator" });
