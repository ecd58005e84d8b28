import type { support } from "@contract";
import { operatorEndpoint } from "./api";

/** The support desk (contract: server/contract/support.ts, back-office calls). */
export const getSupportChats = operatorEndpoint<typeof support.backofficeChats>({ method: "GET", path: "backoffice/support/chats", access: "operator" });
export const getSupportChat = operatorEndpoint<typeof support.backofficeChat>({ method: "GET", path: "backoffice/support/chat", access: "operator" });
export const readSupportChat = operatorEndpoint<typeof support.backofficeRead>({ method: "POST", path: "backoffice/support/read", access: "operator" });
export const replySupport = operatorEndpoint<typeof support.backofficeReply>({ method: "POST", path: "backoffice/support/reply", access: "operator" });
export const getSupportChatImage = operatorEndpoint<typeof support.backofficeImage>({ method: "GET", path: "backoffice/support/image", access: "operator" });
