import { and, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { OperatorInfo, OperatorRole } from "../../contract/backoffice";
import { hashPassword, userAccountOf, verifyPassword } from "../auth";
import { isUniqueViolation } from "../platform/db-errors";
import { audit } from "../platform/audit";
import type { Clock } from "../platform/clock";
import { toSeconds } from "../platform/clock";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { Db } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import { databaseThrottleStore, LoginThrottle, type ThrottleStore } from "../platform/login-throttle";
import type { OperatorSession } from "../platform/http";
import { auditLog } from "../platform/platform.schema";
import { SecretBox } from "../platform/secret-box";
import { checkTotp, newTotpSecret, totpUri } from "../platform/totp";
import { operators, operatorSessions } from "./backoffice.schema";

/** Operator sessions are short: a shift, not a month. */
export const OPERATOR_SESSION_MS = 12 * 3_600_000;

/**
 * Back-office operators: created from the shell, log in with a password AND a TOTP code (no way around it), act
 * under a role, and every action they take is written to the audit log by the service that performs it.
 */
export class OperatorService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Seals TOTP secrets at rest (platform/secret-box.ts). */
    private readonly secrets: SecretBox,
    throttles: ThrottleStore = databaseThrottleStore(db),
  ) {
    this.throttle = new LoginThrottle(throttles, clock, "operator");
  }

  async create(name: string, password: string, role: OperatorRole = "admin", secret = newTotpSecret()): Promise<{ id: number; secret: string; uri: string }> {
    try {
      const [row] = await this.db
        .insert(operators)
        .values({ name, passwordHash: await hashPassword(password), totpSecret: this.secrets.seal(secret), role })
        .returning({ id: operators.id });
      await audit(this.db, { actorKind: "system", actorId: null, action: "operator.create", targetKind: "operator", targetId: row.id, detail: { name, role } });
      return { id: row.id, secret, uri: totpUri(secret, `backoffice:${name}`) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError("ACCOUNT_EXISTS");
      throw error;
    }
  }

  /**
   * At start: seals TOTP secrets still stored in plain text (written before secrets were sealed), and checks the
   * configured key opens the sealed ones, so a wrong key stops the process with a clear message instead of
   * refusing every operator sign-in.
   */
  async sealStoredSecrets(): Promise<void> {
    const rows = await this.db.select({ id: operators.id, secret: operators.totpSecret }).from(operators);
    for (const row of rows) {
      if (!SecretBox.isSealed(row.secret)) {
        await this.db.update(operators).set({ totpSecret: this.secrets.seal(row.secret) }).where(eq(operators.id, row.id));
        continue;
      }
      try {
        this.secrets.open(row.secret);
      } catch {
        throw new Error(
          "OPERATOR_SECRET_KEY does not open the operators' stored TOTP secrets (sealed under another key). " +
            "Start with the key they were sealed with (or the data folder's operator-secret.key).",
        );
      }
    }
  }

  /** BOOTSTRAP_OPERATOR: create the configured operator once (its secret is the configured one). */
  async bootstrap(spec: string): Promise<boolean> {
    const [name, password, secret, role] = spec.split(":");
    const existing = await this.db.select({ id: operators.id }).from(operators).where(sql`lower(${operators.name}) = ${name.toLowerCase()}`);
    if (existing.length) return false;
    await this.create(name, password, role as OperatorRole, secret);
    return true;
  }

  /**
   * Every failed sign-in (unknown name, wrong password, wrong or replayed code, disabled operator) gets the same
   * answer, so a password is never confirmed without its second factor; each is throttled per operator name and
   * address (login-throttle.ts) and written to the audit log.
   */
  async login(input: { name: string; password: string; totp: string }, ip: string): Promise<{ token: string; operator: OperatorInfo }> {
    const now = this.clock.now();
    const rows = await this.db.select().from(operators).where(sql`lower(${operators.name}) = ${input.name.trim().toLowerCase()}`);
    const operator = rows[0];
    await this.throttle.check(input.name, ip, async () => operator !== undefined && (await this.signedInFrom(operator.id, ip)));
    const passwordOk = await verifyPassword(operator?.passwordHash ?? null, input.password);
    const step = Math.floor(now.getTime() / 30_000);
    const totpOk = operator !== undefined && (await checkTotp(this.secrets.open(operator.totpSecret), input.totp, now)) && step > operator.lastTotpStep;
    const failure = !operator ? "unknown" : operator.disabled ? "disabled" : !passwordOk ? "password" : !totpOk ? "totp" : null;
    if (failure) await this.refuse(input.name, ip, operator?.id ?? null, failure);
    invariant(operator, "a signed-in operator exists");
    const token = randomToken();
    const replayed = await this.db.transaction(async (tx) => {
      // A code is single-use: the step is recorded, a replay within the same 30 s window is refused.
      const updated = await tx
        .update(operators)
        .set({ lastTotpStep: step })
        .where(and(eq(operators.id, operator.id), sql`${operators.lastTotpStep} < ${step}`))
        .returning({ id: operators.id });
      if (!updated.length) return true;
      await tx.insert(operatorSessions).values({
        operatorId: operator.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(now.getTime() + OPERATOR_SESSION_MS),
        ip,
      });
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "operator.login", targetKind: "operator", targetId: operator.id, detail: { ip } });
      return false;
    });
    if (replayed) await this.refuse(input.name, ip, operator.id, "totp");
    await this.throttle.succeed(input.name, ip);
    return { token, operator: { id: operator.id, name: operator.name, role: operator.role } };
  }

  private async refuse(name: string, ip: string, operatorId: number | null, reason: string): Promise<never> {
    const failures = await this.throttle.fail(name, ip);
    await audit(this.db, {
      actorKind: "system",
      actorId: null,
      action: "operator.login.failed",
      targetKind: "operator",
      targetId: operatorId ?? undefined,
      detail: { name: name.slice(0, 64), ip, reason, failures },
    });
    throw new DomainError("WRONG_CREDENTIALS");
  }

  private async signedInFrom(operatorId: number, ip: string): Promise<boolean> {
    const rows = await this.db.select({ id: operatorSessions.id }).from(operatorSessions).where(and(eq(operatorSessions.operatorId, operatorId), eq(operatorSessions.ip, ip))).limit(1);
    return rows.length > 0;
  }

  authenticate = async (token: string): Promise<OperatorSession | null> => {
    if (token.length > 128) return null;
    const rows = await this.db
      .select({ sessionId: operatorSessions.id, id: operators.id, name: operators.name, role: operators.role, disabled: operators.disabled })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, sha256Hex(token)), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, this.clock.now())));
    const row = rows[0];
    if (!row || row.disabled) return null;
    return { id: row.id, sessionId: row.sessionId, name: row.name, role: row.role };
  };

  async logout(session: OperatorSession): Promise<void> {
    await this.db.update(operatorSessions).set({ revokedAt: this.clock.now() }).where(eq(operatorSessions.id, session.sessionId));
  }

  async auditLog(query: { page: number; limit: number; actor_kind?: "operator" | "user" | "system"; target_kind?: string; target_id?: string }) {
    const filters: SQL[] = [];
    if (query.actor_kind) filters.push(eq(auditLog.actorKind, query.actor_kind));
    if (query.target_kind) filters.push(eq(auditLog.targetKind, query.target_kind));
    if (query.target_id) filters.push(eq(auditLog.targetId, query.target_id));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await this.db
      .select({
        entry: auditLog,
        operatorName: operators.name,
        userAccount: sql<string | null>`case when ${auditLog.actorKind} = 'user' then ${userAccountOf(auditLog.actorId)} end`,
      })
      .from(auditLog)
      .leftJoin(operators, and(eq(auditLog.actorKind, "operator"), eq(operators.id, auditLog.actorId)))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
    return {
      total,
      list: rows.map(({ entry, operatorName, userAccount }) => ({
        id: entry.id,
        actor_kind: entry.actorKind,
        actor_id: entry.actorId,
        actor_name: operatorName ?? userAccount ?? null,
        action: entry.action,
        target_kind: entry.targetKind,
        target_id: entry.targetId,
        detail: entry.detail,
        created_at: toSeconds(entry.createdAt),
      })),
    };
  }
}
