import { eq } from "drizzle-orm";
import type { ActiveSession } from "../../contract/security";
import { audit } from "../platform/audit";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { users } from "./auth.schema";
import type { SessionService } from "./sessions";

/**
 * The security centre: the anti-phishing code and the user's own sessions. The code is no credential (nothing signs
 * in or withdraws with it), so changing it does not pause withdrawals; it is audited and needs the step-up.
 */
export class SecurityService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  async antiPhishingCode(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ code: users.antiPhishingCode }).from(users).where(eq(users.id, userId));
    if (!row) throw new DomainError("USER_NOT_FOUND");
    return row.code;
  }

  async setAntiPhishingCode(userId: number, code: string): Promise<string> {
    const [user] = await this.db.select({ previous: users.antiPhishingCode }).from(users).where(eq(users.id, userId));
    if (!user) throw new DomainError("USER_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ antiPhishingCode: code }).where(eq(users.id, userId));
      // The code itself stays out of the audit line: it is what tells the user a message is genuine.
      await audit(tx, { actorKind: "user", actorId: userId, action: user.previous ? "user.anti_phishing.change" : "user.anti_phishing.set", targetKind: "user", targetId: userId });
    });
    return code;
  }

  listSessions(userId: number, currentSessionId: number): Promise<ActiveSession[]> {
    return this.sessions.list(userId, currentSessionId);
  }

  async endSession(userId: number, sessionId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.sessions.end(tx, userId, sessionId);
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.session.end", targetKind: "session", targetId: sessionId });
    });
  }

  async endOtherSessions(userId: number, currentSessionId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ended = await this.sessions.endOthers(tx, userId, currentSessionId);
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.session.end_others", targetKind: "user", targetId: userId, detail: { ended } });
      return ended;
    });
  }
}
