import { eq } from "drizzle-orm";
import type { BankCard } from "../../contract/account";
import { type AuthService, type CodeService, hashPassword, type SessionService, userRecords, verifyPassword, WITHDRAW_LOCK_MS } from "../auth";
import { audit } from "../platform/audit";
import type { Clock } from "../platform/clock";
import { toSeconds } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { checkTotp, newTotpSecret, totpUri } from "../platform/totp";
import { bankCards } from "./account.schema";

/**
 * Account security: login and trading passwords, Google 2FA, e-mail binding and the bank card. A change of a
 * credential that already existed locks withdrawals for 24 hours; setting one for the first time does not.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly codes: CodeService,
  ) {}

  private withdrawLock() {
    return new Date(this.clock.now().getTime() + WITHDRAW_LOCK_MS);
  }

  /** A secret the request carries, checked through the account's one throttle (wrong answers wait, the owner is told). */
  private guard(userId: number, verify: () => Promise<boolean>, refusal: () => DomainError): Promise<void> {
    return this.auth.guardSecret(userId, verify, refusal);
  }

  private async requireGoogle(userId: number, secret: string | null, code: string | undefined, field = "google_code"): Promise<void> {
    if (secret === null) return;
    await this.guard(userId, async () => !!code && (await checkTotp(secret, code, this.clock.now())), () => new DomainError("GOOGLE_CODE_INVALID", field));
  }

  async updatePassword(
    userId: number,
    input: { type: "login" | "trade"; old_password?: string; password: string; google_code?: string },
  ): Promise<{ relogin: boolean }> {
    const user = await this.auth.getUser(this.db, userId);
    if (input.type === "login") {
      const old = input.old_password;
      if (!old) throw new DomainError("MISSING_PARAMETER", "old_password");
      await this.guard(userId, () => verifyPassword(user.passwordHash, old), () => new DomainError("OLD_PASSWORD_WRONG", "old_password"));
      if (old === input.password) throw new DomainError("PASSWORD_SAME", "password");
      await this.requireGoogle(userId, user.googleSecret, input.google_code);
      const passwordHash = await hashPassword(input.password);
      await this.db.transaction(async (tx) => {
        await userRecords.setCredentials(tx, userId, { passwordHash, withdrawLockedUntil: this.withdrawLock() });
        // Every session ends, this one too: whoever held the old password is out.
        await this.sessions.revokeAll(tx, userId);
        await audit(tx, { actorKind: "user", actorId: userId, action: "user.password.change", targetKind: "user", targetId: userId });
      });
      return { relogin: true };
    }

    const firstTime = user.tradePasswordHash === null;
    if (!firstTime) {
      const old = input.old_password;
      if (!old) throw new DomainError("MISSING_PARAMETER", "old_password");
      await this.guard(userId, () => verifyPassword(user.tradePasswordHash, old), () => new DomainError("TRADE_PASSWORD_WRONG", "old_password"));
      if (old === input.password) throw new DomainError("PASSWORD_SAME", "password");
    }
    await this.requireGoogle(userId, user.googleSecret, input.google_code);
    const tradePasswordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await userRecords.setCredentials(tx, userId, firstTime ? { tradePasswordHash } : { tradePasswordHash, withdrawLockedUntil: this.withdrawLock() });
      await audit(tx, {
        actorKind: "user",
        actorId: userId,
        action: firstTime ? "user.trade_password.set" : "user.trade_password.change",
        targetKind: "user",
        targetId: userId,
      });
    });
    return { relogin: false };
  }

  async google(
    userId: number,
    input: { action: "get" | "renew" | "bind" | "unbind"; code?: string; password?: string },
  ): Promise<{ bound: boolean; secret?: string; otpauth_url?: string }> {
    const user = await this.auth.getUser(this.db, userId);
    const bound = user.googleSecret !== null;
    if (input.action === "get" || input.action === "renew") {
      if (bound) return { bound };
      // The key shown stays the same until it is bound (a user who scanned it, left and came back still binds
      // with its codes) or the user asks for a new one; it becomes the user's only when a code from it is entered.
      let secret = input.action === "get" ? user.googlePendingSecret : null;
      if (!secret) {
        secret = newTotpSecret();
        await userRecords.setCredentials(this.db, userId, { googlePendingSecret: secret });
      }
      return { bound, secret, otpauth_url: totpUri(secret, user.email ?? user.account) };
    }
    if (input.action === "bind") {
      if (bound) throw new DomainError("GOOGLE_ALREADY_BOUND");
      const pending = user.googlePendingSecret;
      if (!pending) throw new DomainError("PARAMETER_ERROR");
      await this.requireGoogle(userId, pending, input.code, "code");
      await this.db.transaction(async (tx) => {
        await userRecords.setCredentials(tx, userId, { googleSecret: user.googlePendingSecret, googlePendingSecret: null });
        await audit(tx, { actorKind: "user", actorId: userId, action: "user.google.bind", targetKind: "user", targetId: userId });
      });
      return { bound: true };
    }
    if (!bound) throw new DomainError("GOOGLE_NOT_BOUND");
    const password = input.password;
    await this.guard(userId, async () => !!password && (await verifyPassword(user.passwordHash, password)), () => new DomainError("WRONG_PASSWORD", "password"));
    await this.requireGoogle(userId, user.googleSecret, input.code);
    await this.db.transaction(async (tx) => {
      await userRecords.setCredentials(tx, userId, { googleSecret: null, withdrawLockedUntil: this.withdrawLock() });
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.google.unbind", targetKind: "user", targetId: userId });
    });
    return { bound: false };
  }

  async bindEmail(userId: number, input: { email: string; code: string }): Promise<void> {
    const email = input.email.toLowerCase();
    if (await userRecords.emailTaken(this.db, email, userId)) throw new DomainError("EMAIL_ALREADY_BOUND", "email");
    await this.guard(userId, () => this.codes.matches("email", email, "bind", input.code), () => new DomainError("CODE_INVALID"));
    await this.db.transaction(async (tx) => {
      await userRecords.setCredentials(tx, userId, { email });
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.email.bind", targetKind: "user", targetId: userId, detail: { email } });
    });
  }

  async bankCard(userId: number): Promise<(BankCard & { updated_at: number }) | null> {
    const rows = await this.db.select().from(bankCards).where(eq(bankCards.userId, userId));
    if (!rows.length) return null;
    const c = rows[0];
    return {
      real_name: c.realName,
      bank_name: c.bankName,
      swift_code: c.swiftCode,
      bank_address: c.bankAddress,
      card_number: c.cardNumber,
      username: c.username,
      payee_country: c.payeeCountry,
      phone: c.phone,
      recipient_address: c.recipientAddress,
      routing_number: c.routingNumber,
      updated_at: toSeconds(c.updatedAt),
    };
  }

  async saveBankCard(userId: number, card: BankCard): Promise<void> {
    const values = {
      realName: card.real_name,
      bankName: card.bank_name,
      swiftCode: card.swift_code.toUpperCase(),
      bankAddress: card.bank_address,
      cardNumber: card.card_number,
      username: card.username,
      payeeCountry: card.payee_country,
      phone: card.phone,
      recipientAddress: card.recipient_address,
      routingNumber: card.routing_number,
      updatedAt: this.clock.now(),
    };
    await this.db.transaction(async (tx) => {
      await tx.insert(bankCards).values({ userId, ...values }).onConflictDoUpdate({ target: bankCards.userId, set: values });
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.bank_card.save", targetKind: "user", targetId: userId });
    });
  }

  /** Whether the user has a bank card, for features that need one (forex). */
  async hasBankCard(userId: number): Promise<boolean> {
    const rows = await this.db.select({ id: bankCards.userId }).from(bankCards).where(eq(bankCards.userId, userId));
    return rows.length > 0;
  }
}
