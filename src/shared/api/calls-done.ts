/**
 * Calls that succeeded, by path, for parts of the app that react to what the user did without the screen that did
 * it knowing them (the push feature asks for notifications after a first trade). POSTs only; nothing is kept.
 */
type Listener = (path: string) => void;

const listeners = new Set<Listener>();

export function onCallDone(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function callDone(path: string): void {
  for (const listener of listeners) listener(path);
}
