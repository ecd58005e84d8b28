import useSWR from "swr";
import type { proof } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET proof/root: the latest snapshot's roots and totals per currency, with the hashing rules (public). */
export const getProofRoot = endpoint<typeof proof.root>({ method: "GET", path: "proof/root", access: "public" });

export const proofRootKey = "proof/root";
export const useProofRoot = () => useSWR(proofRootKey, () => getProofRoot({}, { silent: true, loading: false }));
