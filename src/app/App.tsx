import { lazy, Suspense, useEffect } from "react";
import { Router } from "wouter";
import { useAppHashLocation } from "@/shared/lib/hash-location";
import { primedAnswers } from "@/shared/api/primed";
import { persistentProvider, trackMountedKeys } from "@/shared/api/swr";
import { Providers } from "@/shared/ui/providers";
import { Shell } from "./shell";
import { startup } from "./startup";

// The PWA's parts (offline bar, update prompt, install hint, notice watch, service worker registration) load beside
// the first screen, from the precache on later visits: none of it weighs on the first route.
const PwaExtras = lazy(() => import("./pwa/pwa-extras").then((m) => ({ default: m.PwaExtras })));

/** Composition root: the shared providers, the hash router and the shell; runs the start-up sequence once. */
export function App() {
  useEffect(() => {
    void startup();
  }, []);
  return (
    <Providers swr={{ revalidateOnFocus: true, dedupingInterval: 2000, errorRetryCount: 2, provider: persistentProvider, use: [trackMountedKeys, primedAnswers] }}>
      <Router hook={useAppHashLocation}>
        <Shell />
        <Suspense fallback={null}>
          <PwaExtras />
        </Suspense>
      </Router>
    </Providers>
  );
}
