import type { Tx } from "./db";

/**
 * How a domain tells a user that something happened to their account (a deposit credited, a KYC decision).
 * `title` and `body` are message keys of server/contract/messages.ts `notifications`, translated into the user's
 * language with `values` filled in. The content domain implements it (personal messages + realtime notice).
 */
export interface UserNotifier {
  notifyUser(tx: Tx, userId: number, notification: { title: string; body: string; values?: Record<string, string> }): Promise<unknown>;
  /** Many at once, in the caller's transaction (batched settlements); a notifier without it is called once per user. */
  notifyUsers?(tx: Tx, notifications: ReadonlyArray<{ userId: number; title: string; body: string; values?: Record<string, string> }>): Promise<unknown>;
}

/** For wiring without a message centre (unit tests of a single domain). */
export const silentNotifier: UserNotifier = { notifyUser: async () => undefined };
