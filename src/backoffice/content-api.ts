import type { content } from "@contract";
import { operatorEndpoint } from "./api";

/** The publishing desk of the back office (contract: server/contract/content.ts, `bo`). */
type Bo = typeof content.bo;

export const getNews = operatorEndpoint<Bo["news"]>({ method: "GET", path: "backoffice/news", access: "operator" });
export const saveNews = operatorEndpoint<Bo["saveNews"]>({ method: "POST", path: "backoffice/news/save", access: "operator" });
export const unpublishNews = operatorEndpoint<Bo["unpublishNews"]>({ method: "POST", path: "backoffice/news/unpublish", access: "operator" });
export const previewHtml = operatorEndpoint<Bo["preview"]>({ method: "POST", path: "backoffice/content/preview", access: "operator" });
export const uploadImage = operatorEndpoint<Bo["uploadImage"]>({ method: "POST", path: "backoffice/content/image", access: "operator" });
export const getDocuments = operatorEndpoint<Bo["documents"]>({ method: "GET", path: "backoffice/documents", access: "operator" });
export const saveDocument = operatorEndpoint<Bo["saveDocument"]>({ method: "POST", path: "backoffice/documents/save", access: "operator" });
export const getFaq = operatorEndpoint<Bo["faq"]>({ method: "GET", path: "backoffice/faq", access: "operator" });
export const saveFaq = operatorEndpoint<Bo["saveFaq"]>({ method: "POST", path: "backoffice/faq/save", access: "operator" });
export const deleteFaq = operatorEndpoint<Bo["deleteFaq"]>({ method: "POST", path: "backoffice/faq/delete", access: "operator" });
export const getSupport = operatorEndpoint<Bo["support"]>({ method: "GET", path: "backoffice/support", access: "operator" });
export const saveSupport = operatorEndpoint<Bo["saveSupport"]>({ method: "POST", path: "backoffice/support/save", access: "operator" });
export const getMessages = operatorEndpoint<Bo["messages"]>({ method: "GET", path: "backoffice/messages", access: "operator" });
export const sendMessage = operatorEndpoint<Bo["sendMessage"]>({ method: "POST", path: "backoffice/messages/send", access: "operator" });
