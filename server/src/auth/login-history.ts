import { count, desc, eq } from "drizzle-orm";
import type { LoginEvent, LoginOutcome } from "../../contract/security";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { loginEvents } from "./auth.schema";
import { describeUserAgent } from "./user-agent";

/** Every sign-in attempt on a known account (throttled ones too), for the owner's login history. */
export class LoginHistory {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(db: Executor, userId: number, meta: { ip: string; userAgent: string }, outcome: LoginOutcome, newDevice = false): Promise<void> {
    await db.insert(loginEvents).values({ userId, at: this.clock.now(), ip: meta.ip, userAgent: meta.userAgent, outcome, newDevice });
  }

  async list(userId: number, page: { page: number; limit: number }): Promise<{ list: LoginEvent[]; total: number }> {
    const rows = await this.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, userId))
      .orderBy(desc(loginEvents.at), desc(loginEvents.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(loginEvents).where(eq(loginEvents.userId, userId));
    const list = rows.map((row) => ({
      id: row.id,
      at: toSeconds(row.at),
      ip: row.ip,
      ...describeUserAgent(row.userAgent),
      outcome: row.outcome,
      success: row.outcome === "success",
      new_device: row.newDevice,
    }));
    return { list, total };
  }
}
