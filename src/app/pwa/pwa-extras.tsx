import { lazy, Suspense, useEffect } from "react";
// First: keeps Chrome's install prompt for the account menu (it needs the service worker, registered after this).
import "@/shared/pwa/install-capture";
import { isIos, isStandalone } from "@/shared/pwa/install";
import { useUpdateState } from "@/shared/pwa/updates";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";
import { OfflineBar } from "@/shared/ui/offline-bar";
import { useSettled } from "@/shared/lib/use-settled";
import { startPwa } from "./start-pwa";

const UpdatePrompt = lazy(() => import("./update-prompt").then((m) => ({ default: m.UpdatePrompt })));
const IosInstallHint = lazy(() => import("./install").then((m) => ({ default: m.IosInstallHint })));
const NoticeWatch = lazy(() => import("./notice-watch").then((m) => ({ default: m.NoticeWatch })));
const FundingWatch = lazy(() => import("@/features/wallet/ui/funding-watch").then((m) => ({ default: m.FundingWatch })));
const KycWatch = lazy(() => import("@/features/kyc/ui/kyc-watch").then((m) => ({ default: m.KycWatch })));
const PushWatch = lazy(() => import("@/features/push/ui/push-watch").then((m) => ({ default: m.PushWatch })));
const AlertWatch = lazy(() => import("@/features/alerts/ui/alert-watch").then((m) => ({ default: m.AlertWatch })));
const BalanceWatch = lazy(() => import("./balance-watch").then((m) => ({ default: m.BalanceWatch })));

/**
 * The PWA's global parts: the offline bar, the update prompt, the iOS install hint, and, while signed in, the
 * watches that keep notices, money, balances and the KYC status current from the socket, and the push watch (this device's subscription, the
 * offer of notifications after a first trade). The watches start once the page has settled: their
 * code, their subscriptions and the catch-up fetch that follows each subscription (whatever changed since the first
 * data) would otherwise compete with the first screen's own work.
 */
export function PwaExtras() {
  const hasLogin = useAtomValue(hasLoginAtom);
  const update = useUpdateState();
  const settled = useSettled();
  useEffect(startPwa, []);
  return (
    <>
      <OfflineBar />
      <Suspense fallback={null}>
        {update.waiting && !update.dismissed && <UpdatePrompt />}
        {hasLogin && isIos() && !isStandalone() && <IosInstallHint />}
        {hasLogin && settled && <NoticeWatch />}
        {hasLogin && settled && <FundingWatch />}
        {hasLogin && settled && <KycWatch />}
        {hasLogin && settled && <BalanceWatch />}
        {hasLogin && settled && <PushWatch />}
        {hasLogin && settled && <AlertWatch />}
      </Suspense>
    </>
  );
}
