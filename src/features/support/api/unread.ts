import { useSupportMessages } from "./messages";

/** Unread replies of customer service (the Service tab's badge): the conversation's own count, kept live. */
export function useSupportUnread(): number {
  const { data } = useSupportMessages({ pollMs: 30_000 });
  return data?.unread ?? 0;
}
