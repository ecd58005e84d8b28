import { eq, sql } from "drizzle-orm";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { resolveBatch, toWire, transfers } from "../ledger";
import { pgArray, type Tx } from "../platform/db";
import { lockMany } from "../platform/bulk";
import { inBatches } from "../platform/batches";
import { invariant } from "../platform/errors";
import { notifyMany } from "../platform/notify";
import { ownerOf, type FiredAt, type Trigger, type TriggerSource } from "../triggers";
import { outcome, payoutOf, triggerOf, type Tick } from "./options.engine";
import { options, type OptionRow } from "./options.schema";
import { OptionsRole, RESULT_BODY, RESULT_TITLES, SETTLE_BATCH, SOURCE } from "./options.shared";
import { utcDateTime } from "../platform/clock";
import { amountValue, priceValue } from "../platform/i18n";

/** The trigger source of options (one time level at each expiry) and their settlement in batches. */
export class OptionsSettlement extends OptionsRole implements TriggerSource {
  readonly name = SOURCE;

  // ----- the trigger source -------------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.db.select({ id: options.id, symbol: options.symbol, expiresAtMs: options.expiresAtMs, userId: options.userId }).from(options).where(eq(options.status, "open"));
    return rows.map(triggerOf);
  }

  async loadOwner(id: string): Promise<Trigger[]> {
    const [row] = await this.db.select().from(options).where(eq(options.id, Number(id)));
    return row?.status === "open" ? [triggerOf(row)] : [];
  }

  /**
   * Settles the options whose expiry a tick reached, each on the first recorded tick at or after its expiry. The
   * settling ticks are looked up first (once per symbol and expiry), then the options settle in batches.
   */
  async fire(fired: readonly FiredAt[]): Promise<void> {
    const due = fired.flatMap((f) =>
      f.fired.filter((x) => x.trigger.watch === "time").map((x) => ({ id: Number(f.owner.slice(SOURCE.length + 1)), symbol: x.trigger.symbol, expiresAtMs: Number(x.trigger.level), user: x.trigger.user ?? 0 })),
    );
    await this.settleDue(due);
  }

  /**
   * Settles these options (ids with their symbol, expiry and user) on their recorded ticks; returns how many settled.
   * They go by user: the two batches settling at once then lock different users' accounts, not wait for each other's.
   */
  async settleDue(due: ReadonlyArray<{ id: number; symbol: string; expiresAtMs: number; user: number }>): Promise<number> {
    const closes = new Map<string, Tick | null>();
    for (const d of due) {
      const key = `${d.symbol}@${d.expiresAtMs}`;
      if (closes.has(key)) continue;
      const found = await this.deps.prices.tickAtOrAfter(d.symbol, d.expiresAtMs);
      closes.set(key, found ? { price: found.price, atMs: found.atMs } : null);
    }
    let settled = 0;
    const waiting: number[] = [];
    const ready = due.filter((d) => {
      if (closes.get(`${d.symbol}@${d.expiresAtMs}`)) return true;
      waiting.push(d.id);
      return false;
    });
    ready.sort((a, b) => a.user - b.user);
    const settleBatch = async (batch: typeof ready) => {
      const done = await this.db.transaction(async (tx) => {
        const locked = await lockMany(tx, options, batch.map((d) => d.id));
        const due = locked.flatMap((row) => {
          const close = row.status === "open" ? closes.get(`${row.symbol}@${row.expiresAtMs}`) : null;
          return close ? [{ row, close }] : [];
        });
        return this.settleInTx(tx, due);
      });
      settled += done.length;
      // One bus message to the users' sockets for the whole batch.
      const list = done.map((row) => ({ userId: row.userId, option: this.wire(row) }));
      if (this.deps.publishMany) this.deps.publishMany(list);
      else for (const { userId, option } of list) this.deps.publish(userId, option);
    };
    // Two batches in flight (two connections on PostgreSQL; PGlite queues them).
    await inBatches(ready, SETTLE_BATCH, 2, settleBatch);
    // No recorded tick at or after the expiry yet (cannot happen for a tick-woken trigger): armed again.
    for (const id of waiting) this.deps.triggers.changed(ownerOf(SOURCE, id));
    return settled;
  }

  /**
   * Settles locked open options on their closing ticks, all in the caller's transaction with a handful of statements:
   * the rows updated in one statement, the notices in one insert, then the holds resolved in one ledger batch (a win:
   * stake + profit back, the profit from the platform's `options` account; a loss: the stake to it; a tie: released).
   */
  private async settleInTx(tx: Tx, due: ReadonlyArray<{ row: OptionRow; close: Tick }>): Promise<OptionRow[]> {
    if (!due.length) return [];
    const at = this.deps.clock.now();
    const outcomes = due.map(({ row, close }) => {
      if (row.holdId === null) throw new Error(`option ${row.id} has no stake hold`);
      const result = outcome(row.direction, row.openTickPrice, close.price);
      return { row, close, result, payout: payoutOf(result, row.amount, row.rate), holdId: row.holdId };
    });
    const col = (pick: (o: (typeof outcomes)[number]) => string | number) => pgArray(outcomes.map(pick));
    const updated = await tx.execute(
      sql`UPDATE options AS o SET status = 'settled', result = v.result, payout = v.payout, close_tick_price = v.price, close_tick_at_ms = v.at_ms,
          settled_at = ${at.toISOString()}::timestamptz
          FROM unnest(${col((o) => o.row.id)}::bigint[], ${col((o) => o.result)}::text[], ${col((o) => toWire(o.payout))}::numeric[],
                      ${col((o) => o.close.price)}::numeric[], ${col((o) => o.close.atMs)}::bigint[]) AS v (id, result, payout, price, at_ms)
          WHERE o.id = v.id AND o.status = 'open' RETURNING o.id`,
    );
    invariant((updated as unknown as { rows: unknown[] }).rows.length === outcomes.length, "every locked open option settles once");
    const notices = outcomes.map(({ row, close, result, payout }) => ({
      userId: row.userId,
      title: RESULT_TITLES[result],
      body: RESULT_BODY,
      values: {
        symbol: row.symbol,
        direction: row.direction === "up" ? "↑" : "↓",
        seconds: String(row.seconds),
        // At the pair's precision, as the option card writes them ("40,000.00", not "40,000").
        open_price: priceValue(toWire(row.openTickPrice), this.precisionOf(row)),
        open_time: utcDateTime(row.openTickAtMs),
        close_price: priceValue(toWire(close.price), this.precisionOf(row)),
        close_time: utcDateTime(close.atMs),
        payout: amountValue(toWire(payout), row.currency),
        currency: row.currency,
      },
      push: { kind: "option_result" as const, url: PUSH_SCREENS.options, id: row.id },
    }));
    await notifyMany(this.deps.notifier, tx, notices);
    // The money last: the ledger locks the users' accounts, which the other batch in flight may share, so the rest of
    // this batch is written before that lock.
    await resolveBatch(
      tx,
      outcomes.map(({ row, result, payout, holdId }) => {
        const key = `option:${row.id}:settle`;
        const currency = row.currency;
        if (result === "tie") return { holdId, key, kind: "option.tie", at };
        if (result === "win") return { holdId, key, at, ...transfers.optionWin({ userId: row.userId, currency, stake: row.amount, payout }) };
        return { holdId, key, at, ...transfers.optionLoss({ currency, stake: row.amount }) };
      }),
    );
    return outcomes.map(({ row, close, result, payout }) => ({
      ...row,
      status: "settled" as const,
      result,
      payout: toWire(payout),
      closeTickPrice: close.price,
      closeTickAtMs: close.atMs,
      settledAt: at,
    }));
  }
}
