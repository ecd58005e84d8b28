import { z } from "zod";
import { call } from "./define";
import { id, imageData, msg, pageQuery, paged, seconds } from "./common";
import { SUPPORT_TEXT_MAX } from "./constants";

export { SUPPORT_TEXT_MAX };

/**
 * Customer-service chat: one conversation per user with the operators'
 * support desk. Messages are plain text (never HTML: stored and served as typed, rendered as text) or one image that
 * passed the platform's one image check. New messages reach the user on the socket's `support` channel.
 */


export const supportMessage = z.object({
  id: z.number().int(),
  from: z.enum(["user", "agent"]),
  /** Plain text, exactly as typed ("" for an image alone). */
  text: z.string(),
  /** `support/image?id=` (the user's) for an image message, else null; the bytes need the token, as every call. */
  image_url: z.string().nullable(),
  image_id: z.number().int().nullable(),
  created_at: seconds,
  /** Read by the other side (the user for an agent's message, an operator for the user's). */
  read: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

const text = z
  .string(msg("PARAMETER_ERROR"))
  .max(SUPPORT_TEXT_MAX, msg("PARAMETER_ERROR"))
  // Control characters other than line breaks and tabs are dropped; nothing else is touched (plain text).
  .transform((s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim());

/** md5 (hex) of the image computed by the client; the server recomputes it. */
const md5Hex = z.string().trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{32}$/, msg("FILE_HASH_MISMATCH")));

export const messages = call({
  method: "GET",
  path: "support/messages",
  access: "user",
  summary: "My conversation with customer service, oldest first, with read marks and the number of unread replies",
  tags: ["support"],
  input: z.object({}),
  output: z.object({ list: z.array(supportMessage), unread: z.number().int().nonnegative() }),
});

export const send = call({
  method: "POST",
  path: "support/send",
  access: "user",
  summary: "Write to customer service: `text`, or multipart with an `image` (the one image check)",
  tags: ["support"],
  files: ["image"],
  filesOptional: true,
  input: z.object({ text: text.optional(), image_md5: md5Hex.optional() }),
  output: supportMessage,
});

export const read = call({
  method: "POST",
  path: "support/read",
  access: "user",
  summary: "Mark every reply of customer service as read",
  tags: ["support"],
  input: z.object({}),
  output: z.object({ unread: z.number().int().nonnegative() }),
});

export const image = call({
  method: "GET",
  path: "support/image",
  access: "user",
  summary: "An image of my own conversation",
  tags: ["support"],
  input: z.object({ id: id() }),
  output: imageData,
});

// ---- back office ----------------------------------------------------------------------------------------------

export const chatSummary = z.object({
  user_id: z.number().int(),
  account: z.string(),
  last_message: z.string(),
  last_from: z.enum(["user", "agent"]),
  last_at: seconds,
  /** The user's messages no operator has read yet. */
  unread: z.number().int().nonnegative(),
});

export const backofficeChats = call({
  method: "GET",
  path: "backoffice/support/chats",
  access: "operator",
  summary: "Conversations, unread first then by the latest message, with unread counts",
  tags: ["backoffice", "support"],
  input: pageQuery,
  output: paged(chatSummary).extend({ unread_total: z.number().int().nonnegative() }),
});

export const accountSummary = z.object({
  user_id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  review_status: z.number().int(),
  frozen: z.boolean(),
  created_at: seconds,
  wallets: z.array(z.object({ currency: z.string(), available: z.string(), frozen: z.string() })),
});

export const backofficeChat = call({
  method: "GET",
  path: "backoffice/support/chat",
  access: "operator",
  summary: "One user's conversation (oldest first) and the account beside it",
  tags: ["backoffice", "support"],
  input: z.object({ user_id: id() }),
  output: z.object({ list: z.array(supportMessage), user: accountSummary }),
});

export const backofficeRead = call({
  method: "POST",
  path: "backoffice/support/read",
  access: "operator",
  summary: "Mark a user's messages as read by customer service",
  tags: ["backoffice", "support"],
  input: z.object({ user_id: id() }),
  output: z.object({ unread: z.number().int().nonnegative() }),
});

export const backofficeReply = call({
  method: "POST",
  path: "backoffice/support/reply",
  access: "operator",
  summary: "Answer a user (plain text); delivered live on the user's socket",
  tags: ["backoffice", "support"],
  input: z.object({ user_id: id(), text: text.pipe(z.string().min(1, msg("MISSING_PARAMETER"))) }),
  output: supportMessage,
});

export const backofficeImage = call({
  method: "GET",
  path: "backoffice/support/image",
  access: "operator",
  summary: "An image sent in a conversation",
  tags: ["backoffice", "support"],
  input: z.object({ id: id() }),
  output: imageData,
});
