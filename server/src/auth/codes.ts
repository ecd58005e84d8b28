import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { notifications, type Language } from "../../contract";
import type { Clock } from "../platform/clock";
import { hmacHex, randomDigits, safeEqualHex } from "../platform/crypto";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { Translator } from "../platform/i18n";
import type { Messenger } from "../platform/messenger";
import { users, verificationCodes } from "./auth.schema";
import { asLanguage } from "./user-info";

export const CODE_TTL_MS = 10 * 60_000;
/** One code per target and purpose a minute: a code send is a cost and an annoyance to the recipient. */
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export type Channel = "email" | "sms";

/**
 * One-time codes sent by e-mail or SMS. Only an HMAC of the code is stored; a code is valid ten minutes, for a
 * few attempts, and is consumed by the first correct use.
 */
export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly messenger: Messenger,
    private readonly translator: Translator,
    private readonly key: string,
  ) {}

  private hash(channel: Channel, target: string, purpose: string, code: string): string {
    return hmacHex(this.key, `${channel}:${target}:${purpose}:${code}`);
  }

  /**
   * The language a code goes out in: the account's own (chosen with set/lang) when the address is bound to one, else
   * the request's (a registration, an address not bound yet).
   */
  private async recipientLanguage(channel: Channel, target: string, requestLang: Language): Promise<Language> {
    if (channel !== "email") return requestLang;
    const [owner] = await this.db
      .select({ lang: users.lang })
      .from(users)
      .where(eq(sql`lower(${users.email})`, target.trim().toLowerCase()))
      .limit(1);
    return owner ? asLanguage(owner.lang) : requestLang;
  }

  async send(channel: Channel, target: string, purpose: string, requestLang: Language): Promise<{ expires_in: number }> {
    const lang = await this.recipientLanguage(channel, target, requestLang);
    const now = this.clock.now();
    const recent = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, new Date(now.getTime() - CODE_RESEND_MS)),
        ),
      );
    if (recent.length) {
      const last = Math.max(...recent.map((r) => r.createdAt.getTime()));
      throw new DomainError("CODE_TOO_FREQUENT").retryAfter((last + CODE_RESEND_MS - now.getTime()) / 1000);
    }
    const code = randomDigits(6);
    await this.db.insert(verificationCodes).values({
      channel,
      target,
      purpose,
      codeHash: this.hash(channel, target, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    await this.messenger.send({
      channel,
      to: target,
      subject: this.translator.t(lang, notifications.CODE_SUBJECT.key),
      body: this.translator.t(lang, notifications.CODE_BODY.key, { code }),
    });
    return { expires_in: CODE_TTL_MS / 1000 };
  }

  /**
   * Consumes the latest live code for the target, or refuses with "verification code error". It runs in its own
   * transaction, so a wrong attempt stays counted; callers check everything else first, then consume, then act.
   */
  async consume(channel: Channel, target: string, purpose: string, code: string | undefined): Promise<void> {
    if (!code) throw new DomainError("CODE_INVALID", "code");
    if (!(await this.matches(channel, target, purpose, code))) throw new DomainError("CODE_INVALID");
  }

  /** Whether `code` is the latest live code for the target; a right one is consumed, a wrong one counted. */
  async matches(channel: Channel, target: string, purpose: string, code: string): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.channel, channel),
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.id))
        .limit(1)
        .for("update");
      const row = rows[0];
      if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return false;
      const ok = safeEqualHex(row.codeHash, this.hash(channel, target, purpose, code));
      await tx
        .update(verificationCodes)
        .set(ok ? { consumedAt: now } : { attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      return ok;
    });
  }
}
