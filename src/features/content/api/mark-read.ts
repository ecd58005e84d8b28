import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshUnread } from "./unread-count";
import { refreshUserMessages } from "./user-messages";

/** POST user/usermessage_read: one item (kind + id) or all of them. */
export const postMarkRead = endpoint<typeof content.markRead>({ method: "POST", path: "user/usermessage_read", access: "user" });

/** Refreshes the badge and the inbox after something was read. */
export async function refreshInbox(): Promise<void> {
  await Promise.all([refreshUnread(), refreshUserMessages()]);
}

export async function markRead(input: Parameters<typeof postMarkRead>[0], options: { silent?: boolean } = {}) {
  const result = await postMarkRead(input, { silent: options.silent, loading: !options.silent });
  await refreshInbox();
  return result;
}
