import { useEffect, useState } from "react";
import { loadingCountAtom, toastsAtom, useAtomValue } from "../state/store";

/*
 * The overlays and the loading states the first paint needs (the providers and the shell's page fallback), apart from
 * the rest of `feedback.tsx` (which re-exports them): its empty state draws any icon of the set, and the entry would
 * carry the whole set with it.
 */

/** Toasts of the request helper and of screens (3 s each). */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}

/** Shown while a call that asked for it is in flight, after 200 ms so quick calls don't flash. */
export function LoadingIndicator() {
  const count = useAtomValue(loadingCountAtom);
  const visible = useDelayed(count > 0, 200);
  if (!visible || count === 0) return null;
  return (
    <div className="loading-veil" data-testid="loading-indicator">
      <div className="loading-veil__box">
        <Spinner />
      </div>
    </div>
  );
}

export function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}

export function Spinner({ small = false }: { small?: boolean }) {
  return <span className={`spinner${small ? " spinner--small" : ""}`} role="progressbar" aria-busy="true" />;
}

/** Fallback of a lazy screen: nothing for 200 ms, then a spinner (seed: async page load delay 200 ms). */
export function PageLoading() {
  const visible = useDelayed(true, 200);
  return <div className="page-loading">{visible && <Spinner />}</div>;
}
