/**
 * Told of every call that succeeded, by path, for parts of the app that react to what the user did without the
 * screen that did it knowing them (the push feature offers notifications after a first trade). A bare set: it sits
 * on the first routes, where every byte counts. Add a listener, and delete it when done.
 */
export const callsDone = new Set<(path: string) => void>();
