import useSWR from "swr";
import type { features } from "@contract";
import { endpoint } from "./client";

/** GET user/features: which products my KYC country allows (options, leverage, earn and loans may be switched off). */
export const getMyFeatures = endpoint<typeof features.myFeatures>({ method: "GET", path: "user/features", access: "user" });

export const myFeaturesKey = "user/features";

export const useMyFeatures = () => useSWR(myFeaturesKey, () => getMyFeatures({}, { silent: true, loading: false }));
