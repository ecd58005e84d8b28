import { mutate } from "swr";
import type { support } from "@contract";
import type { SupportMessage } from "@contract/support";
import { endpoint } from "@/shared/api/client";
import { useLiveSWR } from "@/shared/api/realtime";
import { hasLoginAtom, useAtomValue } from "@/shared/state/store";
import { withMessage } from "../model/conversation";
import { SUPPORT_MESSAGES_KEY } from "./messages-key";

/** GET support/messages: my conversation with customer service, oldest first, and the unread replies. */
export const getSupportMessages = endpoint<typeof support.messages>({ method: "GET", path: "support/messages", access: "user" });

export type Conversation = Awaited<ReturnType<typeof getSupportMessages>>;

export { SUPPORT_MESSAGES_KEY };

const fetchConversation = () => getSupportMessages({}, { silent: true, loading: false });

/**
 * The conversation, live: new messages arrive on the socket's `support` channel (polled while the socket is down).
 * The cache is the persisted SWR cache, so the history reads offline. The tab's badge uses the same key.
 */
export function useSupportMessages(options: { pollMs?: number } = {}) {
  const hasLogin = useAtomValue(hasLoginAtom);
  return useLiveSWR<Conversation>(
    hasLogin ? SUPPORT_MESSAGES_KEY : null,
    fetchConversation,
    {
      topics: [{ channel: "support" }],
      user: true,
      pollMs: options.pollMs,
      // No data: the channel was (re)subscribed, and replies sent meanwhile are fetched.
      onMessage: (message, update) =>
        void (message.data ? update((current) => (current ? withMessage(current, message.data as SupportMessage) : current), { revalidate: false }) : update()),
    },
    { refreshInterval: 60_000 },
  );
}

/** Adds a message just sent to the cached conversation (its socket echo is then a no-op). */
export const addSentMessage = (message: SupportMessage) =>
  mutate<Conversation>(SUPPORT_MESSAGES_KEY, (current) => (current ? withMessage(current, message) : current), { revalidate: false });
