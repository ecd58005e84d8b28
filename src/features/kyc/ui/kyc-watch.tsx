import { useSWRConfig } from "swr";
import { revalidateCalls } from "@/shared/api/revalidate-calls";
import { useTopics } from "@/shared/api/realtime";
import { myFeaturesKey } from "@/shared/api/my-features";
import { refreshUserInfo, userInfoKey } from "@/shared/api/user-info";
import { kycInfoKey } from "../api/kyc-info";

/** What a KYC decision changes besides the user (review status): the KYC page, the products the country allows. */
const KYC_CALLS = [kycInfoKey, myFeaturesKey];

/**
 * While signed in: an operator's approval or rejection (the socket's `kyc` channel) refreshes every screen that
 * shows the review status, so "Under review" does not outlive the decision until a reload. The channel's
 * acknowledgement after a reconnect does the same, for a decision made while the socket was down.
 */
export function KycWatch() {
  const swr = useSWRConfig();
  useTopics(
    [{ channel: "kyc" }],
    () => {
      // The user is fetched here, not only revalidated: the stored session copy (home banner, account badge, the
      // real-name modal) follows it even where no screen holds the user/info hook. The session may end while it
      // loads (a logout racing a reconnect's acknowledgement): then nothing is stored and nothing is thrown.
      void swr.mutate(userInfoKey, refreshUserInfo(), { revalidate: false }).catch(() => undefined);
      void revalidateCalls(swr, KYC_CALLS);
    },
    { user: true },
  );
  return null;
}
