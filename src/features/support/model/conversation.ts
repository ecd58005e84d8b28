import type { SupportMessage } from "@contract/support";

export interface ConversationData {
  list: SupportMessage[];
  unread: number;
}

/**
 * Folds one message into the conversation: a new one is appended in id order, a known one is replaced (a read mark
 * changed); the unread count is the agent's replies not yet read. An agent's reply means the desk read everything
 * the user wrote before it (the server marks them read when answering).
 */
export function withMessage<T extends ConversationData>(conversation: T, message: SupportMessage): T {
  const list = conversation.list
    .filter((m) => m.id !== message.id)
    .map((m) => (message.from === "agent" && m.from === "user" && m.id < message.id && !m.read ? { ...m, read: true } : m));
  list.push(message);
  list.sort((a, b) => a.id - b.id);
  return { ...conversation, list, unread: unreadOf(list) };
}

export const unreadOf = (list: SupportMessage[]): number => list.filter((m) => m.from === "agent" && !m.read).length;

/** Everything the user has read: the agent's replies marked read locally (the server was told). */
export function markedRead<T extends ConversationData>(conversation: T): T {
  return { ...conversation, list: conversation.list.map((m) => (m.from === "agent" ? { ...m, read: true } : m)), unread: 0 };
}

/** Messages grouped by calendar day (for the date separators), in order. */
export function byDay(list: SupportMessage[], dayOf: (seconds: number) => string): Array<{ day: string; messages: SupportMessage[] }> {
  const groups: Array<{ day: string; messages: SupportMessage[] }> = [];
  for (const message of list) {
    const day = dayOf(message.created_at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}
