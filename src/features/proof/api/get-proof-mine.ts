import useSWR from "swr";
import type { proof } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET proof/mine: my leaves in the latest snapshot and their paths (kept in the persisted cache: verifiable offline). */
export const getProofMine = endpoint<typeof proof.mine>({ method: "GET", path: "proof/mine", access: "user" });

export const proofMineKey = "proof/mine";
export const useProofMine = () => useSWR(proofMineKey, () => getProofMine({}, { silent: true, loading: false }));
