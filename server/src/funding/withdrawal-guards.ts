import type { ErrorCode } from "../../contract";
import type { Executor } from "../platform/db";

/**
 * A rule another domain adds to withdrawals: answers the refusal code when the user may not withdraw now, or
 * null. The trading engine registers "no open leveraged position" (OPEN_LEVER_TRADE) here.
 */
export type WithdrawalGuard = (db: Executor, userId: number) => Promise<ErrorCode | null>;

/** The guards of one app instance (none by default). */
export class WithdrawalGuards {
  private readonly guards: WithdrawalGuard[] = [];

  register(guard: WithdrawalGuard): void {
    this.guards.push(guard);
  }

  /** The first refusal, or null when every guard lets the withdrawal through. */
  async refusal(db: Executor, userId: number): Promise<ErrorCode | null> {
    for (const guard of this.guards) {
      const code = await guard(db, userId);
      if (code) return code;
    }
    return null;
  }
}
