import { languages, type Language } from "../../contract/constants";
import type { PushKind } from "../../contract/push-kinds";
import type { Tx } from "./db";
import type { TextValues, Translator } from "./i18n";

/**
 * A notice that should also reach the user's devices while the app is closed (Web Push, the push domain): which
 * kind it is (the user chooses kinds), the screen it opens (`PUSH_SCREENS`) and the object's id, if any.
 */
export interface PushNote {
  kind: PushKind;
  url: string;
  id?: number;
}

/** A notice as domains send it: message keys of the catalogue (`notifications`), their values, and maybe a push. */
export interface UserNotification {
  title: string;
  body: string;
  values?: TextValues;
  push?: PushNote;
}

/**
 * How a domain tells a user that something happened to their account (a deposit credited, a KYC decision).
 * `title` and `body` are message keys of server/contract/messages.ts `notifications`, translated into the user's
 * language with `values` filled in. The content domain implements it (personal messages + realtime notice); a
 * notice with `push` is also pushed to the user's devices once its transaction has committed.
 */
export interface UserNotifier {
  notifyUser(tx: Tx, userId: number, notification: UserNotification): Promise<unknown>;
  /** Many at once, in the caller's transaction (batched settlements); a notifier without it is called once per user. */
  notifyUsers?(tx: Tx, notifications: ReadonlyArray<{ userId: number } & UserNotification>): Promise<unknown>;
}

/** A batch's notices in the caller's transaction: in one call where the notifier takes many, else one by one. */
export async function notifyMany(notifier: UserNotifier, tx: Tx, notices: ReadonlyArray<{ userId: number } & UserNotification>): Promise<void> {
  if (!notices.length) return;
  if (notifier.notifyUsers) await notifier.notifyUsers(tx, notices);
  else for (const { userId, ...notice } of notices) await notifier.notifyUser(tx, userId, notice);
}

/**
 * A notice's e-mail twin, sent once its transaction has committed to the user's bound address in the user's
 * language (nothing when no e-mail is bound). The auth domain, which holds the address, implements it.
 */
export type UserMailer = (userId: number, notification: { title: string; body: string; values?: Record<string, string> }) => Promise<void>;

/** For wiring without a message centre (unit tests of a single domain). */
export const silentNotifier: UserNotifier = { notifyUser: async () => undefined };

/** One notice's text in one language: a title, a plain-text summary and its body (sanitised HTML). */
export interface NoticeText {
  title: string;
  summary: string;
  body: string;
}

/** A notice in every language: the English original and the translations there are. */
export type NoticeTexts = { en: NoticeText } & Partial<Record<string, NoticeText>>;

/**
 * How a domain publishes a notice to every user (an operator's change of trading terms): written inside the
 * caller's transaction, already in every language (the English original plus the translations), and announced to
 * the open apps by `announce()` once that transaction has committed. The content domain implements it (a published
 * notice of the news desk, kind `notice`, shown in every user's inbox in their language).
 */
export interface NoticeBoard {
  publish(tx: Tx, texts: NoticeTexts, by: number | null): Promise<{ id: number; announce: () => void }>;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A notice to every user in every language: the English original and its nine translations (one paragraph). */
export function noticeTexts(translator: Translator, title: string, body: string, values: TextValues | ((lang: Language) => TextValues)): NoticeTexts {
  const out: Record<string, NoticeText> = {};
  for (const lang of languages) {
    const v = typeof values === "function" ? values(lang) : values;
    const text = translator.t(lang, body, v);
    out[lang] = { title: translator.t(lang, title, v), summary: text, body: `<p>${escapeHtml(text)}</p>` };
  }
  return out as NoticeTexts;
}
