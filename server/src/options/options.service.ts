import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { MarketKind } from "../../contract/market";
import { notifications } from "../../contract/messages";
import type { Option, OptionsConfig, OptionStatus, Period, SubmitOptionInput } from "../../contract/options";
import { users } from "../auth";
import type { CountrySwitches } from "../kyc";
import { ledger, money, resolveBatch, toWire } from "../ledger";
import type { MarketService, PairRow } from "../market";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { idempotent } from "../platform/idempotency";
import type { UserNotifier } from "../platform/notify";
import { positionsConfig, sessionAt } from "../positions";
import { ownerOf, type FiredAt, type Trigger, type TriggerRunner, type TriggerSource } from "../triggers";
import { configProblems, optionsConfig, periodsOf } from "./options.config";
import { breakEvenWinRate, expiryMs, outcome, payoutOf, settleAtSeconds, triggerOf, type Tick } from "./options.engine";
import { options, type OptionRow } from "./options.schema";

/**
 * Timed options on crypto, forex and metal pairs. Submit holds the stake and records the pair's last recorded tick
 * as the opening tick; the option's one trigger (a time level at its expiry) lives in the shared trigger book, and
 * this service is its `options` source. When it fires, the option settles on the FIRST RECORDED TICK AT OR AFTER the
 * expiry, looked up in the recorded ticks (not merely the tick that woke the book): an option whose expiry passed
 * while no leader ran settles on the right tick once a leader returns and re-arms it.
 *
 * Settlement runs in batches (many options per transaction, each locked and re-checked under its row lock): a win
 * settles the hold back to the user with the profit from the platform's `options` account, a loss settles the hold
 * to that account, a tie releases it. Ledger keys per option make it happen exactly once.
 */

const SOURCE = "options";
/** Options settled per transaction. */
export const SETTLE_BATCH = 1_000;

/** `microtrade/*` serves crypto pairs; `microtrade/wh*` forex and metals. */
export type OptionsDesk = "crypto" | "forex";
const kindsOf = (desk: OptionsDesk): MarketKind[] => (desk === "crypto" ? ["crypto"] : ["forex", "metal"]);

export interface OptionsDeps {
  db: Db;
  clock: Clock;
  market: MarketService;
  notifier: UserNotifier;
  triggers: TriggerRunner;
  switches: Pick<CountrySwitches, "require">;
  /** Pushes an option to the user's sockets (channel `orders`). */
  publish: (userId: number, option: Option) => void;
}

/** A tick's time as the notices show it: `YYYY-MM-DD HH:mm:ss` (UTC). */
export const tickTime = (atMs: number): string => new Date(atMs).toISOString().replace("T", " ").slice(0, 19);

const RESULT_TITLES = { win: notifications.OPTION_WIN_TITLE.key, loss: notifications.OPTION_LOSS_TITLE.key, tie: notifications.OPTION_TIE_TITLE.key } as const;
const RESULT_BODY = notifications.OPTION_SETTLED_BODY.key;

export class OptionsService implements TriggerSource {
  readonly name = SOURCE;

  constructor(private readonly deps: OptionsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Some options' kind, pair and ticks (the finance records link each change to its list and its tick). */
  causeRowsByIds(ids: number[]) {
    return this.db
      .select({ id: options.id, kind: options.kind, symbol: options.symbol, openTickPrice: options.openTickPrice, openTickAtMs: options.openTickAtMs, closeTickPrice: options.closeTickPrice, closeTickAtMs: options.closeTickAtMs })
      .from(options)
      .where(inArray(options.id, ids));
  }

  /** Each user's net result per currency (payouts minus stakes) over the options settled between two times, both included. */
  async netResults(fromMs: number, toMs: number): Promise<Array<{ userId: number; currency: string; net: string }>> {
    return this.db
      .select({ userId: options.userId, currency: options.currency, net: sql<string>`sum(${options.payout} - ${options.amount})::text` })
      .from(options)
      .where(and(eq(options.status, "settled"), gte(options.settledAt, new Date(fromMs)), lte(options.settledAt, new Date(toMs))))
      .groupBy(options.userId, options.currency);
  }

  // ----- the ticket ---------------------------------------------------------------------------------------------

  async periods(kind: MarketKind): Promise<Period[]> {
    const config = await optionsConfig.cached(this.db);
    return periodsOf(config, kind).map((p) => ({
      seconds: p.seconds,
      rate: toWire(p.rate),
      min: toWire(p.min),
      max: toWire(p.max),
      break_even_win_rate: breakEvenWinRate(p.rate),
    }));
  }

  async payable(userId: number): Promise<Array<{ currency: string; available: string }>> {
    const [config, balances] = await Promise.all([optionsConfig.cached(this.db), ledger.balances(this.db, userId)]);
    return config.currencies.map((currency) => ({ currency, available: balances.find((b) => b.currency === currency)?.available ?? "0" }));
  }

  // ----- submit -------------------------------------------------------------------------------------------------

  /** Every rule that does not need the transaction; returns the terms of the option. */
  private async prepare(userId: number, desk: OptionsDesk, input: SubmitOptionInput) {
    const pair: PairRow = this.deps.market.requirePair(input.symbol);
    if (!kindsOf(desk).includes(pair.kind)) throw new DomainError("PAIR_NOT_FOUND");
    // Switched on, and priced by a live feed (a stale feed refuses: no option opens on an old price).
    this.deps.market.requireTradable(input.symbol);
    await this.deps.switches.require(userId, "options");
    const config = await optionsConfig.cached(this.db);
    const period = periodsOf(config, pair.kind).find((p) => p.seconds === input.seconds);
    if (!period) throw new DomainError("PARAMETER_ERROR", "seconds");
    if (!config.currencies.includes(input.currency)) throw new DomainError("CURRENCY_TYPE_WRONG", "currency");
    const amount = money(input.amount);
    if (!amount.gt(0) || amount.decimalPlaces() > 8) throw new DomainError("AMOUNT_ERROR", "amount");
    if (amount.lt(period.min)) throw new DomainError("ORDER_BELOW_MIN", "amount");
    if (amount.gt(period.max)) throw new DomainError("ORDER_ABOVE_MAX", "amount");
    const open = this.deps.market.lastTick(pair.symbol);
    if (!open) throw new DomainError("TRADING_CLOSED");
    const expires = expiryMs(open.atMs, period.seconds);
    if (pair.kind !== "crypto") {
      // Forex and metals: the session must be open now and still open at the expiry (no option across the weekend).
      const session = (await positionsConfig.cached(this.db)).session;
      const nowMs = this.deps.clock.now().getTime();
      if (!sessionAt(pair.kind, session, nowMs).open || !sessionAt(pair.kind, session, expires).open) throw new DomainError("TRADING_CLOSED");
    }
    return { pair, period, amount, open: { price: open.price, atMs: open.atMs } as Tick, expires };
  }

  async submit(userId: number, desk: OptionsDesk, input: SubmitOptionInput): Promise<Option> {
    let prepared!: Awaited<ReturnType<OptionsService["prepare"]>>;
    const row = await idempotent(
      this.db,
      { userId, key: input.idempotency_key, scope: desk === "crypto" ? "microtrade/submit" : "microtrade/whsubmit", body: { ...input, idempotency_key: undefined } },
      async (tx) => {
        const { pair, period, amount, open, expires } = prepared;
        const now = this.deps.clock.now();
        const [created] = await tx
          .insert(options)
          .values({
            userId,
            symbol: pair.symbol,
            kind: pair.kind,
            direction: input.direction,
            seconds: period.seconds,
            amount: toWire(amount),
            currency: input.currency,
            rate: toWire(period.rate),
            openTickPrice: open.price,
            openTickAtMs: open.atMs,
            expiresAtMs: expires,
            status: "open",
            createdAt: now,
          })
          .returning();
        const held = await ledger.hold(tx, {
          key: `option:${created.id}:stake`,
          kind: "option.stake",
          userId,
          currency: input.currency,
          amount,
          cause: { kind: "option", id: created.id },
          at: now,
          insufficient: "INSUFFICIENT_BALANCE",
        });
        const [armed] = await tx.update(options).set({ holdId: held.holdId }).where(eq(options.id, created.id)).returning();
        return this.toOption(armed);
      },
      async () => {
        prepared = await this.prepare(userId, desk, input);
      },
    );
    this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    this.deps.publish(userId, row);
    return row;
  }

  // ----- the trigger source -------------------------------------------------------------------------------------

  async loadAll(): Promise<Trigger[]> {
    const rows = await this.db.select({ id: options.id, symbol: options.symbol, expiresAtMs: options.expiresAtMs }).from(options).where(eq(options.status, "open"));
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
    const due = fired.flatMap((f) => f.fired.filter((x) => x.trigger.watch === "time").map((x) => ({ id: Number(f.owner.slice(SOURCE.length + 1)), symbol: x.trigger.symbol, expiresAtMs: Number(x.trigger.level) })));
    await this.settleDue(due);
  }

  /** Settles these options (ids with their symbol and expiry) on their recorded ticks; returns how many settled. */
  async settleDue(due: ReadonlyArray<{ id: number; symbol: string; expiresAtMs: number }>): Promise<number> {
    const closes = new Map<string, Tick | null>();
    for (const d of due) {
      const key = `${d.symbol}@${d.expiresAtMs}`;
      if (closes.has(key)) continue;
      const found = await this.deps.market.tickAtOrAfter(d.symbol, d.expiresAtMs);
      closes.set(key, found ? { price: found.price, atMs: found.atMs } : null);
    }
    let settled = 0;
    const waiting: number[] = [];
    const ready = due.filter((d) => {
      if (closes.get(`${d.symbol}@${d.expiresAtMs}`)) return true;
      waiting.push(d.id);
      return false;
    });
    for (let i = 0; i < ready.length; i += SETTLE_BATCH) {
      const batch = ready.slice(i, i + SETTLE_BATCH);
      const done = await this.db.transaction(async (tx) => {
        const locked = await tx
          .select()
          .from(options)
          .where(inArray(options.id, batch.map((d) => d.id)))
          .orderBy(options.id)
          .for("update");
        const due = locked.flatMap((row) => {
          const close = row.status === "open" ? closes.get(`${row.symbol}@${row.expiresAtMs}`) : null;
          return close ? [{ row, close }] : [];
        });
        return this.settleInTx(tx, due);
      });
      settled += done.length;
      for (const row of done) this.deps.publish(row.userId, this.toOption(row));
    }
    // No recorded tick at or after the expiry yet (cannot happen for a tick-woken trigger): armed again.
    for (const id of waiting) this.deps.triggers.changed(ownerOf(SOURCE, id));
    return settled;
  }

  /**
   * Settles locked open options on their closing ticks, all in the caller's transaction with a handful of statements:
   * the holds resolved in one ledger batch (a win: stake + profit back, the profit from the platform's `options`
   * account; a loss: the stake to it; a tie: released), the rows updated in one statement, the notices in one insert.
   */
  private async settleInTx(tx: Tx, due: ReadonlyArray<{ row: OptionRow; close: Tick }>): Promise<OptionRow[]> {
    if (!due.length) return [];
    const at = this.deps.clock.now();
    const outcomes = due.map(({ row, close }) => {
      if (row.holdId === null) throw new Error(`option ${row.id} has no stake hold`);
      const result = outcome(row.direction, row.openTickPrice, close.price);
      return { row, close, result, payout: payoutOf(result, row.amount, row.rate), holdId: row.holdId };
    });
    await resolveBatch(
      tx,
      outcomes.map(({ row, result, payout, holdId }) => {
        const key = `option:${row.id}:settle`;
        const currency = row.currency;
        if (result === "tie") return { holdId, key, kind: "option.tie", at };
        if (result === "win") {
          return {
            holdId,
            key,
            kind: "option.win",
            at,
            legs: [
              { account: { user: row.userId }, currency, amount: payout },
              { account: { platform: "options" as const }, currency, amount: payout.minus(row.amount).negated() },
            ],
          };
        }
        return { holdId, key, kind: "option.loss", at, legs: [{ account: { platform: "options" as const }, currency, amount: money(row.amount) }] };
      }),
    );
    const values = sql.join(
      outcomes.map((o) => sql`(${o.row.id}::bigint, ${o.result}, ${toWire(o.payout)}::numeric, ${o.close.price}::numeric, ${o.close.atMs}::bigint)`),
      sql`, `,
    );
    const updated = await tx.execute(
      sql`UPDATE options AS o SET status = 'settled', result = v.result, payout = v.payout, close_tick_price = v.price, close_tick_at_ms = v.at_ms,
          settled_at = ${at.toISOString()}::timestamptz
          FROM (VALUES ${values}) AS v (id, result, payout, price, at_ms) WHERE o.id = v.id AND o.status = 'open' RETURNING o.id`,
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
        open_price: toWire(row.openTickPrice),
        open_time: tickTime(row.openTickAtMs),
        close_price: toWire(close.price),
        close_time: tickTime(close.atMs),
        payout: toWire(payout),
        currency: row.currency,
      },
    }));
    if (this.deps.notifier.notifyUsers) await this.deps.notifier.notifyUsers(tx, notices);
    else for (const { userId, ...notice } of notices) await this.deps.notifier.notifyUser(tx, userId, notice);
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

  // ----- reading ------------------------------------------------------------------------------------------------

  toOption(row: OptionRow): Option {
    const tickOf = (price: string, atMs: number) => ({ price: toWire(price), at_ms: atMs });
    return {
      id: row.id,
      symbol: row.symbol,
      kind: row.kind,
      direction: row.direction,
      seconds: row.seconds,
      amount: toWire(row.amount),
      currency: row.currency,
      rate: toWire(row.rate),
      open_tick: tickOf(row.openTickPrice, row.openTickAtMs),
      settle_at: settleAtSeconds(row.openTickAtMs, row.seconds),
      expires_at_ms: row.expiresAtMs,
      status: row.status,
      result: row.result,
      payout: row.payout === null ? null : toWire(row.payout),
      payout_on_win: toWire(payoutOf("win", row.amount, row.rate)),
      close_tick: row.closeTickPrice !== null && row.closeTickAtMs !== null ? tickOf(row.closeTickPrice, row.closeTickAtMs) : null,
      break_even_win_rate: breakEvenWinRate(row.rate),
      created_at: toSeconds(row.createdAt),
      settled_at: row.settledAt ? toSeconds(row.settledAt) : null,
    };
  }

  async list(userId: number, desk: OptionsDesk, query: { status?: OptionStatus; page: number; limit: number }) {
    const conditions: SQL[] = [eq(options.userId, userId), inArray(options.kind, kindsOf(desk))];
    if (query.status) conditions.push(eq(options.status, query.status));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(options).where(where).orderBy(desc(options.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(options).where(where),
    ]);
    return { list: rows.map((r) => this.toOption(r)), total };
  }

  // ----- back office --------------------------------------------------------------------------------------------

  async adminList(query: { status?: OptionStatus; user_id?: number; symbol?: string; page: number; limit: number }) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(options.status, query.status));
    if (query.user_id) conditions.push(eq(options.userId, query.user_id));
    if (query.symbol) conditions.push(eq(options.symbol, query.symbol));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }], platform] = await Promise.all([
      this.db.select({ o: options, account: users.account }).from(options).innerJoin(users, eq(users.id, options.userId)).where(where).orderBy(desc(options.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(options).where(where),
      ledger.platformBalances(this.db),
    ]);
    return {
      list: rows.map((r) => ({ ...this.toOption(r.o), user_id: r.o.userId, account: r.account })),
      total,
      accounts: platform.filter((b) => b.platform === "options").map((b) => ({ platform: b.platform, currency: b.currency, balance: b.balance })),
    };
  }

  config(): Promise<OptionsConfig> {
    return optionsConfig.read(this.db);
  }

  async saveConfig(operator: OperatorSession, config: OptionsConfig): Promise<OptionsConfig> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    if (configProblems(config).length) throw new DomainError("PARAMETER_ERROR");
    await this.db.transaction(async (tx) => {
      await optionsConfig.save(tx, config);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "options.config", targetKind: "settings", detail: config });
    });
    return config;
  }
}
