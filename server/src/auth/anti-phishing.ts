import { eq, sql } from "drizzle-orm";
import type { Language } from "../../contract";
import { notifications } from "../../contract/notifications";
import type { Db } from "../platform/db";
import type { Translator } from "../platform/i18n";
import type { Messenger } from "../platform/messenger";
import { users } from "./auth.schema";
import { asLanguage } from "./user-info";

/**
 * The user's anti-phishing code on top of a message the platform writes them ("Anti-phishing code: X", then the
 * text). The one way e-mails (`withAntiPhishingCode`) and in-app notices (the content domain's notifier) carry it.
 */
export function signWithAntiPhishingCode(translator: Translator, lang: Language, code: string | null, body: string): string {
  if (!code) return body;
  return `${translator.t(lang, notifications.ANTI_PHISHING_LINE.key, { code })}\n\n${body}`;
}

/**
 * Every e-mail goes out through this: one addressed to a user's bound e-mail carries that user's code. A message to
 * an address no user has bound yet (a registration code) has no code to show.
 */
export function withAntiPhishingCode(messenger: Messenger, db: Db, translator: Translator): Messenger {
  return {
    async send(message) {
      if (message.channel !== "email") return messenger.send(message);
      const [user] = await db
        .select({ code: users.antiPhishingCode, lang: users.lang })
        .from(users)
        .where(eq(sql`lower(${users.email})`, message.to.trim().toLowerCase()))
        .limit(1);
      const body = user ? signWithAntiPhishingCode(translator, asLanguage(user.lang), user.code, message.body) : message.body;
      return messenger.send({ ...message, body });
    },
  };
}
