/**
 * A new version of the app is waiting (its service worker is installed but not active): the prompt shows it, and
 * the user decides when to reload. Never in the middle of a form: `applyUpdate` refuses while the user is busy
 * (`isBusy` from ./busy.ts, passed in by the prompt so this small state module stays on the first route alone).
 */
import { useSyncExternalStore } from "react";

export interface UpdateState {
  /** A new version is installed and waits for the user. */
  waiting: boolean;
  /** The user chose "later" in this page's life. */
  dismissed: boolean;
  /** The user asked to reload; the page reloads once the new worker controls it. */
  applying: boolean;
}

/** What the registration (register.ts, loaded after the first render) gives this module. */
export interface UpdateDriver {
  /** Asks the waiting worker to take over; `onControlling` then reloads. */
  activate(): void;
}

let state: UpdateState = { waiting: false, dismissed: false, applying: false };
let driver: UpdateDriver | null = null;
const listeners = new Set<() => void>();

function setState(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener();
}

export const getUpdateState = (): UpdateState => state;

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getUpdateState,
    getUpdateState,
  );
}

/** Called by the registration when a new worker is waiting. */
export function updateWaiting(next: UpdateDriver): void {
  driver = next;
  setState({ waiting: true, dismissed: false });
}

export function dismissUpdate(): void {
  setState({ dismissed: true });
}

/** "Reload": refused (false) while the user is in the middle of a form or a request; otherwise activates. */
export function applyUpdate(isBusy: () => boolean): boolean {
  if (!driver || !state.waiting) return false;
  if (isBusy()) return false;
  setState({ applying: true });
  driver.activate();
  return true;
}

/** The new worker took control: reload only if this page asked for it. */
export function shouldReloadOnControl(): boolean {
  return state.applying;
}

/** Tests. */
export function resetUpdateState(): void {
  driver = null;
  setState({ waiting: false, dismissed: false, applying: false });
}
