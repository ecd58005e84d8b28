import { lazy, Suspense, useEffect } from "react";
// First: keeps Chrome's install prompt for the account menu (it needs the service worker, registered after this).
import "@/shared/pwa/install-capture";
import { isIos, isStandalone } from "@/shared/pwa/install";
import { useUpdateState } from "@/shared/pwa/updates";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";
import { OfflineBar } from "@/shared/ui/offline-bar";
import { startPwa } from "./start-pwa";

const UpdatePrompt = lazy(() => import("./update-prompt").then((m) => ({ default: m.UpdatePrompt })));
const IosInstallHint = lazy(() => import("./install").then((m) => ({ default: m.IosInstallHint })));
const NoticeWatch = lazy(() => import("./notice-watch").then((m) => ({ default: m.NoticeWatch })));
const FundingWatch = lazy(() => import("@/features/wallet/ui/funding-watch").then((m) => ({ default: m.FundingWatch })));

/**
 * The PWA's global parts: the offline bar, the update prompt, the iOS install hint, and, while signed in, the
 * watches that keep notices and money current from the socket.
 */
export function PwaExtras() {
  const hasLogin = useAtomValue(hasLoginAtom);
  const update = useUpdateState();
  useEffect(startPwa, []);
  return (
    <>
      <OfflineBar />
      <Suspense fallback={null}>
        {update.waiting && !update.dismissed && <UpdatePrompt />}
        {hasLogin && isIos() && !isStandalone() && <IosInstallHint />}
        {hasLogin && <NoticeWatch />}
        {hasLogin && <FundingWatch />}
      </Suspense>
    </>
  );
}
