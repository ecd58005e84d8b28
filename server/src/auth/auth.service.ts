import { and, eq } from "drizzle-orm";
import type { Language } from "../../contract";
import { notifications } from "../../contract/messages";
import { isEmail, type UserInfo } from "../../contract/auth";
import { audit } from "../platform/audit";
import { utcDateTime, type Clock } from "../platform/clock";
import { readableCode } from "../platform/crypto";
import type { Db, Executor, Tx } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import { DomainError, invariant } from "../platform/errors";
import type { Translator } from "../platform/i18n";
import { databaseThrottleStore, LoginThrottle, type SecretGuard, type ThrottleStore } from "../platform/login-throttle";
import type { Messenger } from "../platform/messenger";
import type { UserMailer, UserNotifier } from "../platform/notify";
import { getSetting } from "../platform/settings";
import { sessions as sessionRows, users, type UserRow } from "./auth.schema";
import type { CodeService } from "./codes";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionService } from "./sessions";
import { asLanguage, isLocked, isOperatorLock, toUserInfo } from "./user-info";
import type { LoginHistory } from "./login-history";
import { deviceLabel } from "./user-agent";
import type { WalletSignIn } from "./wallet-signin";
import type { PasskeyService } from "./passkeys";
import type { AuthenticationResponse } from "../../contract/webauthn";
import type { LoginOutcome } from "../../contract/security";
import { userRecords, WITHDRAW_LOCK_MS } from "./user-records";

export const ROOT_INVITE_SETTING = "root_invite_code";
/** The owner hears of failed sign-ins (notice and e-mail) at this many, and again every `WARN_EVERY` more. */
export const WARN_AT_FAILURES = 5;
export const WARN_EVERY = 20;

interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface Session {
  token: string;
  user: UserInfo;
}

/** A secret's count has no address: the session is already the account's, so every wrong answer counts alike. */
const ANY_ADDRESS = "session";

export class AuthService {
  private readonly throttle: LoginThrottle;
  private readonly secretThrottle: LoginThrottle;
  private warnings: { notifier: UserNotifier; messenger: Messenger; translator: Translator } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly codes: CodeService,
    private readonly wallets: WalletSignIn,
    private readonly history: LoginHistory,
    private readonly passkeys: PasskeyService,
    throttles: ThrottleStore = databaseThrottleStore(db),
  ) {
    this.throttle = new LoginThrottle(throttles, clock, "user");
    this.secretThrottle = new LoginThrottle(throttles, clock, "secret");
  }

  /**
   * Every secret a request checks beyond sign-in (the trading password, the current password, a Google code, an
   * e-mail code, a step-up answer) goes through here: one count per account for all of them, with sign-in's doubling
   * waits (5 wrong answers in 24 hours free, then 1 s, 2 s, 4 s... up to 15 minutes), so a stolen session cannot guess any of
   * them; the owner is told as for sign-ins. While the account has to wait the secret is not checked at all (429
   * with `Retry-After`). `account` is the user's id, or for a reset the address typed (an unknown account is
   * counted exactly like a known one). `verify` says whether the answer is right; a wrong one throws `refusal`.
   */
  readonly guardSecret: SecretGuard = async (account, verify, refusal) => {
    const key = typeof account === "number" ? `id:${account}` : `name:${account.trim().toLowerCase()}`;
    await this.secretThrottle.check(key, ANY_ADDRESS, async () => true);
    // A right answer does not wipe the count: one request may carry two secrets (a right trading password and a
    // guessed Google code), and the count of wrong ones must survive the right ones. Counts fade after the window.
    if (await verify()) return;
    const failures = await this.secretThrottle.fail(key, ANY_ADDRESS);
    const user = typeof account === "number" ? await userRecords.find(this.db, account) : null;
    if (user) await this.warnOwner(user, failures, "SECRET_FAILURES", { count: String(failures) });
    throw refusal();
  };

  /** How the owner is told about repeated failed sign-ins (the content domain's notifier, and e-mail). */
  useWarnings(warnings: { notifier: UserNotifier; messenger: Messenger; translator: Translator }): void {
    this.warnings = warnings;
  }

  async findByLogin(db: Executor, account: string): Promise<UserRow | null> {
    return userRecords.findByLogin(db, account);
  }

  async getUser(db: Executor, id: number): Promise<UserRow> {
    const row = await userRecords.find(db, id);
    if (!row) throw new DomainError("USER_NOT_FOUND");
    return row;
  }

  async info(userId: number): Promise<UserInfo> {
    return toUserInfo(await this.getUser(this.db, userId), this.clock.now());
  }

  /** The inviter behind a code: a user's code, or the root code (no inviter). Unknown codes are refused. */
  private async inviterOf(code: string): Promise<number | null> {
    const normalized = code.trim().toUpperCase();
    const root = await getSetting<string>(this.db, ROOT_INVITE_SETTING);
    if (root && root.toUpperCase() === normalized) return null;
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.inviteCode, normalized));
    if (!rows.length) throw new DomainError("INVITE_CODE_INVALID", "invite_code");
    return rows[0].id;
  }

  async register(
    input: { account: string; password: string; invite_code: string; code?: string },
    lang: Language,
    meta: ClientMeta,
  ): Promise<Session> {
    const account = input.account.trim();
    const byEmail = isEmail(account);
    const inviterId = await this.inviterOf(input.invite_code);
    if (await this.findByLogin(this.db, account)) throw new DomainError("ACCOUNT_EXISTS", "account");
    if (byEmail) await this.codes.consume("email", account.toLowerCase(), "register", input.code);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const user = await this.insertUser(tx, {
          account,
          email: byEmail ? account.toLowerCase() : null,
          passwordHash,
          inviterId,
          lang,
        });
        await audit(tx, { actorKind: "user", actorId: user.id, action: "user.register", targetKind: "user", targetId: user.id, detail: { inviterId } });
        const { token } = await this.openSession(tx, user, meta, { firstSession: true });
        return { token, user: toUserInfo(user, this.clock.now()) };
      });
    } catch (error) {
      // Two registrations of one name at once: the unique index decides, the loser is told plainly.
      if (isUniqueViolation(error)) throw new DomainError("ACCOUNT_EXISTS", "account");
      throw error;
    }
  }

  /** Inserts a user with a fresh invitation code (retrying on the rare collision). */
  private async insertUser(
    tx: Executor,
    values: { account: string; email: string | null; passwordHash: string | null; inviterId: number | null; lang: Language; walletAddress?: string },
  ): Promise<UserRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const inviteCode = readableCode(8);
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
      if (taken.length) continue;
      const rows = await tx
        .insert(users)
        .values({ ...values, inviteCode, createdAt: this.clock.now() })
        .returning();
      return rows[0];
    }
    throw new Error("could not allocate an invitation code");
  }

  /**
   * Password sign-in. Wrong passwords are throttled (login-throttle.ts), never turned into a lock a stranger could
   * cause; every refusal before the password is known right reads the same for real and unknown accounts.
   */
  async login(input: { account: string; password: string }, meta: ClientMeta): Promise<Session> {
    return this.signIn(input.account, meta, "wrong_password", async (user) => {
      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) throw new DomainError("WRONG_CREDENTIALS");
    });
  }

  /**
   * Passkey sign-in: the passkey names its account, which is then throttled, recorded and warned about exactly as a
   * password sign-in is; a refused answer counts as a wrong password would.
   */
  async passkeyLogin(response: AuthenticationResponse, meta: ClientMeta): Promise<Session> {
    const owner = await userRecords.find(this.db, await this.passkeys.ownerOf(response));
    if (!owner) throw new DomainError("PASSKEY_UNKNOWN");
    return this.signIn(owner.account, meta, "wrong_passkey", () => this.passkeys.verify(response, "login", owner.id));
  }

  /** A sign-in once `prove` (which throws the refusal) has checked the secret: throttled, recorded, a session opened. */
  private async signIn(account: string, meta: ClientMeta, failure: LoginOutcome, prove: (user: UserRow | null) => Promise<void>): Promise<Session> {
    const now = this.clock.now();
    const user = await this.findByLogin(this.db, account);
    try {
      await this.throttle.check(account, meta.ip, async () => user !== null && (await this.signedInFrom(user.id, meta.ip)));
    } catch (error) {
      if (user) await this.history.record(this.db, user.id, meta, "throttled");
      throw error;
    }
    try {
      await prove(user);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const failures = await this.throttle.fail(account, meta.ip);
      if (user) {
        await this.history.record(this.db, user.id, meta, failure);
        await this.warnOwner(user, failures, "LOGIN_FAILURES", { count: String(failures), ip: meta.ip });
      }
      throw error;
    }
    invariant(user, "a proven sign-in has its user");
    await this.throttle.succeed(account, meta.ip);
    // Told only to whoever knows the password: a frozen or locked account is not revealed to guessers.
    if (user.frozen) {
      await this.history.record(this.db, user.id, meta, "frozen");
      throw new DomainError("ACCOUNT_FROZEN");
    }
    if (isLocked(user, now)) {
      await this.history.record(this.db, user.id, meta, "locked");
      throw new DomainError("USER_LOCKED");
    }
    const { token, newDevice } = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));
      return this.openSession(tx, user, meta, { firstSession: false });
    });
    if (newDevice) await this.emailOwner(user, "NEW_DEVICE", this.newDeviceValues(meta));
    return { token, user: toUserInfo({ ...user, failedLogins: 0 }, now) };
  }

  /**
   * A new session, recorded in the login history. A user agent the account never had a session on is a new device:
   * the owner gets a notice here (same transaction) and the caller sends the e-mail once it has committed.
   */
  private async openSession(tx: Tx, user: UserRow, meta: ClientMeta, options: { firstSession: boolean }): Promise<{ token: string; newDevice: boolean }> {
    const newDevice = !options.firstSession && !(await this.sessions.knownDevice(tx, user.id, meta.userAgent));
    const token = await this.sessions.create(tx, user.id, meta);
    await this.history.record(tx, user.id, meta, "success", newDevice);
    if (newDevice) {
      await this.warnings?.notifier.notifyUser(tx, user.id, { title: notifications.NEW_DEVICE_TITLE.key, body: notifications.NEW_DEVICE_BODY.key, values: this.newDeviceValues(meta) });
    }
    return { token, newDevice };
  }

  private newDeviceValues(meta: ClientMeta): Record<string, string> {
    return { time: utcDateTime(this.clock.now()), device: deviceLabel(meta.userAgent), ip: meta.ip };
  }

  /** Whether this address ever signed in to the account: the owner's usual addresses are not slowed by strangers. */
  private async signedInFrom(userId: number, ip: string): Promise<boolean> {
    const rows = await this.db.select({ id: sessionRows.id }).from(sessionRows).where(and(eq(sessionRows.userId, userId), eq(sessionRows.ip, ip))).limit(1);
    return rows.length > 0;
  }

  /**
   * Tells the owner (a notice, and an e-mail when one is bound) that someone keeps failing to sign in, or to answer
   * the account's security checks: at the 5th failure and every 20 more.
   */
  private async warnOwner(user: UserRow, failures: number, name: "LOGIN_FAILURES" | "SECRET_FAILURES", values: Record<string, string>): Promise<void> {
    if (failures !== WARN_AT_FAILURES && !(failures > WARN_AT_FAILURES && (failures - WARN_AT_FAILURES) % WARN_EVERY === 0)) return;
    const action = name === "LOGIN_FAILURES" ? "user.login.failures" : "user.secret.failures";
    await this.db.transaction(async (tx) => {
      await audit(tx, { actorKind: "system", actorId: null, action, targetKind: "user", targetId: user.id, detail: { failures, ...values } });
      await this.warnings?.notifier.notifyUser(tx, user.id, { title: notifications[`${name}_TITLE`].key, body: notifications[`${name}_BODY`].key, values });
    });
    await this.emailOwner(user, name, values);
  }

  /** The e-mail twin of a notice (`<name>_TITLE` / `<name>_BODY`), when the user has bound an e-mail. */
  private async emailOwner(user: UserRow, name: "LOGIN_FAILURES" | "SECRET_FAILURES" | "NEW_DEVICE", values: Record<string, string>): Promise<void> {
    await this.mailTo(user, { title: notifications[`${name}_TITLE`].key, body: notifications[`${name}_BODY`].key, values });
  }

  /** A notice's e-mail twin for other domains (platform/notify.ts `UserMailer`). */
  readonly mailUser: UserMailer = async (userId, notification) => {
    const user = await userRecords.find(this.db, userId);
    if (user) await this.mailTo(user, notification);
  };

  private async mailTo(user: UserRow, notification: { title: string; body: string; values?: Record<string, string> }): Promise<void> {
    if (!user.email || !this.warnings) return;
    const lang = asLanguage(user.lang);
    const { translator } = this.warnings;
    await this.warnings.messenger.send({
      channel: "email",
      to: user.email,
      subject: translator.t(lang, notification.title),
      body: translator.t(lang, notification.body, notification.values),
    });
  }

  async logout(sessionId: number): Promise<void> {
    await this.db.transaction((tx) => this.sessions.revoke(tx, sessionId));
  }

  /**
   * Resets the login password with an e-mail code; every session ends and withdrawals lock for 24 hours. An address
   * no account has is answered exactly as a known one with a wrong code (and throttled alike): the reset does not
   * tell who is registered. A frozen account is told so only after its code proved the mailbox.
   */
  async forget(input: { email: string; code: string; password: string }): Promise<void> {
    const found = await this.findByLogin(this.db, input.email);
    const user = found?.email ? found : null;
    await this.guardSecret(
      user?.id ?? input.email,
      async () => user?.email != null && (await this.codes.matches("email", user.email, "forget", input.code)),
      () => new DomainError("CODE_INVALID"),
    );
    if (!user) throw new DomainError("CODE_INVALID");
    if (user.frozen) throw new DomainError("ACCOUNT_FROZEN");
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        // A reset ends a lock for wrong passwords, never an operator's lock.
        .set({ passwordHash, failedLogins: 0, lockedUntil: isOperatorLock(user.lockedUntil) ? user.lockedUntil : null, withdrawLockedUntil: new Date(now.getTime() + WITHDRAW_LOCK_MS) })
        .where(eq(users.id, user.id));
      await this.sessions.revokeAll(tx, user.id);
      await audit(tx, { actorKind: "user", actorId: user.id, action: "user.password.reset", targetKind: "user", targetId: user.id });
    });
  }

  async setLanguage(userId: number, lang: Language): Promise<void> {
    await this.db.update(users).set({ lang }).where(eq(users.id, userId));
    // Sessions carry the language (the default of answers and notices): read them again.
    this.sessions.forget({ userId });
  }

  /** Wallet sign-in: verified address -> its user, registered on first use (no password, no inviter). */
  async walletLogin(
    input: { address: string; sign: string; nonce: string; signature: string },
    lang: Language,
    meta: ClientMeta,
  ): Promise<Session> {
    const address = await this.wallets.verify(input);
    const now = this.clock.now();
    const existing = await this.db.select().from(users).where(eq(users.walletAddress, address));
    if (existing.length && existing[0].frozen) throw new DomainError("ACCOUNT_FROZEN");
    if (existing.length && isLocked(existing[0], now)) throw new DomainError("USER_LOCKED");
    try {
      const session = await this.db.transaction(async (tx) => {
        const user =
          existing[0] ??
          (await this.insertUser(tx, { account: address, email: null, passwordHash: null, inviterId: null, lang, walletAddress: address }));
        invariant(user.walletAddress === address, "wallet user matches the address");
        if (!existing.length) {
          await audit(tx, { actorKind: "user", actorId: user.id, action: "user.register.wallet", targetKind: "user", targetId: user.id });
        }
        const { token, newDevice } = await this.openSession(tx, user, meta, { firstSession: !existing.length });
        return { token, user: toUserInfo(user, now), newDevice, row: user };
      });
      if (session.newDevice) await this.emailOwner(session.row, "NEW_DEVICE", this.newDeviceValues(meta));
      return { token: session.token, user: session.user };
    } catch (error) {
      // The same wallet signing in twice at once: the second finds the first's user.
      if (isUniqueViolation(error)) return this.walletLoginExisting(address, meta);
      throw error;
    }
  }

  private async walletLoginExisting(address: string, meta: ClientMeta): Promise<Session> {
    const [user] = await this.db.select().from(users).where(eq(users.walletAddress, address));
    invariant(user, "wallet user exists after a unique violation");
    // Its twin created the user a moment ago: not a new device to warn about.
    const { token } = await this.db.transaction((tx) => this.openSession(tx, user, meta, { firstSession: true }));
    return { token, user: toUserInfo(user, this.clock.now()) };
  }
}
