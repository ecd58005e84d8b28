import { randomInt } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { notifications } from "../../contract/messages";
import type { EarnIncome, EarnKind, EarnOrder, Product, ProductInput } from "../../contract/earn";
import type { CountrySwitches } from "../kyc";
import { ledger, money, pgArray, postBatch, resolveBatch, toWire, type BatchEntry } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { DomainError, invariant } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { idempotent } from "../platform/idempotency";
import type { UserNotifier } from "../platform/notify";
import { addDays, amountRefusal, aprOf, dailyIncome, DAY_MS, dayOf, earlyExit, nextPayout, scheduleOf } from "./earn.engine";
import { earnIncome, earnOrders, earnProducts, type OrderRow, type ProductRow } from "./earn.schema";

/**
 * AI arbitrage and hosting: one service for both kinds. Each use case is one transaction; every money move is a
 * ledger posting with the order as its cause: the principal is a hold (`earn.hold`), each day's income an entry
 * from the platform's `rewards` account (`earn.income`, key `earn:income:<order>:<day>`), the maturity a release
 * (`earn.release`), an early exit a settlement of the hold (`earn.early_exit`: principal minus penalty back, the
 * penalty to `fees`).
 */

export interface EarnDeps {
  db: Db;
  clock: Clock;
  notifier: UserNotifier;
  switches: Pick<CountrySwitches, "require" | "countryOf">;
}

export interface PayoutRun {
  paid: number;
  matured: number;
  batches: number;
}

/** The one currency of earn products: the principal is held from, and income paid to, the USDT wallet. */
export const EARN_CURRENCY = "USDT";

const wire = (v: string | null) => (v === null ? null : toWire(v));
const epoch = (d: Date | null) => (d ? toSeconds(d) : null);

function orderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, "").slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

export function productView(row: ProductRow): Product {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    min: toWire(row.minAmount),
    max: toWire(row.maxAmount),
    days: row.days,
    daily_rate: toWire(row.dailyRate),
    apr: toWire(aprOf(row.dailyRate)),
    participants: row.participants,
    max_participants: row.maxParticipants,
    status: row.status,
    early_exit_penalty_rate: toWire(row.earlyExitPenaltyRate),
    funded_by: row.fundedBy,
    risk_note: row.riskNote,
  };
}

export class EarnService {
  constructor(private readonly deps: EarnDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Users can invest only in an open product (the back office's setup checklist: none exist on a fresh install). */
  async hasOpenProduct(): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(earnProducts).where(eq(earnProducts.status, "open"));
    return (row?.n ?? 0) > 0;
  }

  orderView(row: OrderRow, nowMs = this.deps.clock.now().getTime()): EarnOrder {
    const yesterday = dayOf(nowMs - DAY_MS);
    const running = row.status === "running";
    return {
      id: row.id,
      order_no: row.orderNo,
      product_id: row.productId,
      name: row.name,
      kind: row.kind,
      currency: row.currency,
      amount: toWire(row.amount),
      daily_rate: toWire(row.dailyRate),
      apr: toWire(aprOf(row.dailyRate)),
      days: row.days,
      daily_income: toWire(dailyIncome(row.amount, row.dailyRate)),
      income_total: toWire(row.incomeTotal),
      income_yesterday: row.lastIncomeDay === yesterday ? toWire(row.lastIncome) : "0",
      paid_days: row.paidDays,
      status: row.status,
      end_reason: row.endReason,
      early_exit_penalty_rate: toWire(row.earlyExitPenaltyRate),
      penalty: wire(row.penalty),
      early_exit_return: running && row.kind === "hosting" ? toWire(earlyExit(row.amount, row.earlyExitPenaltyRate).returned) : null,
      started_at: epoch(row.startedAt),
      ends_at: toSeconds(row.endsAt),
      ended_at: epoch(row.endedAt),
      created_at: toSeconds(row.createdAt),
    };
  }

  /** The product kind of some orders (the finance records link a hosting order to the hosting list). */
  causeRowsByIds(ids: number[]): Promise<Array<{ id: number; kind: EarnKind }>> {
    return this.db.select({ id: earnOrders.id, kind: earnOrders.kind }).from(earnOrders).where(inArray(earnOrders.id, ids));
  }

  // ----- products ---------------------------------------------------------------------------------------------

  /** The products a user may see: of a kind and status, minus those switched off for the user's KYC country. */
  async products(userId: number, kind: EarnKind, status: "open" | "closed" = "open"): Promise<Product[]> {
    const [rows, country] = await Promise.all([
      this.db.select().from(earnProducts).where(and(eq(earnProducts.kind, kind), eq(earnProducts.status, status))).orderBy(earnProducts.id),
      this.deps.switches.countryOf(userId),
    ]);
    return rows.filter((r) => !country || !r.countriesOff.includes(country)).map(productView);
  }

  // ----- subscribe --------------------------------------------------------------------------------------------

  async subscribe(userId: number, kind: EarnKind, input: { product_id: number; amount: string; idempotency_key?: string }): Promise<EarnOrder> {
    const scope = kind === "arbitrage" ? "project/order" : "lh/deposit";
    return idempotent(
      this.db,
      { userId, key: input.idempotency_key, scope, body: { product_id: input.product_id, amount: input.amount } },
      async (tx) => {
        const product = await this.checkProduct(tx, userId, kind, input.product_id, input.amount);
        // The participants cap, taken atomically: 100 subscriptions at once cannot pass a cap of 99.
        const taken = await tx
          .update(earnProducts)
          .set({ participants: sql`${earnProducts.participants} + 1` })
          .where(
            and(
              eq(earnProducts.id, product.id),
              eq(earnProducts.status, "open"),
              sql`(${earnProducts.maxParticipants} = 0 OR ${earnProducts.participants} < ${earnProducts.maxParticipants})`,
            ),
          )
          .returning({ id: earnProducts.id });
        if (!taken.length) throw new DomainError(product.status === "open" ? "MAX_PARTICIPANTS" : "PROJECT_NOT_FOUND");

        const now = this.deps.clock.now();
        const schedule = scheduleOf(now.getTime(), product.days);
        const seq = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('earn_orders', 'id')) AS id`)) as unknown as { rows: { id: unknown }[] };
        const orderId = Number(seq.rows[0].id);
        const held = await ledger.hold(tx, {
          key: `earn:hold:${orderId}`,
          userId,
          currency: product.currency,
          amount: input.amount,
          cause: { kind: "earn", id: orderId },
          kind: "earn.hold",
          memo: product.name,
        });
        const [row] = await tx
          .insert(earnOrders)
          .values({
            id: orderId,
            orderNo: orderNo(kind === "arbitrage" ? "AR" : "HS", now),
            userId,
            productId: product.id,
            name: product.name,
            kind,
            currency: product.currency,
            amount: toWire(input.amount),
            dailyRate: product.dailyRate,
            days: product.days,
            earlyExitPenaltyRate: product.earlyExitPenaltyRate,
            holdId: held.holdId,
            status: "running",
            startDay: schedule.startDay,
            paidDays: 0,
            nextPayDay: schedule.firstPayDay,
            incomeTotal: "0",
            lastIncome: "0",
            startedAt: now,
            endsAt: new Date(schedule.endsAtMs),
            createdAt: now,
          })
          .returning();
        return this.orderView(row, now.getTime());
      },
      async () => {
        await this.deps.switches.require(userId, "earn");
        await this.checkProduct(this.db, userId, kind, input.product_id, input.amount);
      },
    );
  }

  private async checkProduct(db: Db | Tx, userId: number, kind: EarnKind, productId: number, amount: string): Promise<ProductRow> {
    const [product] = await db.select().from(earnProducts).where(eq(earnProducts.id, productId));
    if (!product || product.kind !== kind) throw new DomainError(kind === "arbitrage" ? "PROJECT_NOT_FOUND" : "PRODUCT_NOT_FOUND");
    if (product.status !== "open") throw new DomainError("PROJECT_NOT_FOUND");
    const country = await this.deps.switches.countryOf(userId, db);
    if (country && product.countriesOff.includes(country)) throw new DomainError("FEATURE_DISABLED");
    const refusal = amountRefusal(amount, product.minAmount, product.maxAmount);
    if (refusal) throw new DomainError(refusal, "amount");
    if (product.maxParticipants > 0 && product.participants >= product.maxParticipants) throw new DomainError("MAX_PARTICIPANTS");
    return product;
  }

  // ----- early termination (hosting) --------------------------------------------------------------------------

  async terminate(userId: number, orderId: number, key?: string): Promise<EarnOrder> {
    return idempotent(this.db, { userId, key, scope: "lh/deposit/cancel", body: { id: orderId } }, async (tx) => {
      const [row] = await tx.select().from(earnOrders).where(eq(earnOrders.id, orderId)).for("update");
      if (!row || row.userId !== userId) throw new DomainError("DATA_NOT_FOUND");
      if (row.kind !== "hosting") throw new DomainError("ILLEGAL_OPERATION");
      if (row.status !== "running") throw new DomainError("ORDER_STATUS_ERROR");
      const now = this.deps.clock.now();
      const { penalty, returned } = earlyExit(row.amount, row.earlyExitPenaltyRate);
      await ledger.settle(tx, {
        holdId: row.holdId,
        key: `earn:early:${row.id}`,
        kind: "earn.early_exit",
        memo: row.name,
        actor: { kind: "user", id: userId },
        at: now,
        legs: [
          { account: { user: userId }, currency: row.currency, amount: returned },
          { account: { platform: "fees" }, currency: row.currency, amount: penalty },
        ],
      });
      const [ended] = await tx
        .update(earnOrders)
        .set({ status: "ended", endReason: "early", penalty: toWire(penalty), endedAt: now })
        .where(eq(earnOrders.id, row.id))
        .returning();
      return this.orderView(ended, now.getTime());
    });
  }

  // ----- reads ------------------------------------------------------------------------------------------------

  async orders(userId: number, kind: EarnKind, query: { status: "running" | "ended"; page: number; limit: number }) {
    const statuses = query.status === "running" ? sql`${earnOrders.status} IN ('pending', 'running')` : sql`${earnOrders.status} IN ('ended', 'failed')`;
    const where = and(eq(earnOrders.userId, userId), eq(earnOrders.kind, kind), statuses);
    const [rows, [{ n }]] = await Promise.all([
      this.db.select().from(earnOrders).where(where).orderBy(desc(earnOrders.id)).limit(query.limit).offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(earnOrders).where(where),
    ]);
    const now = this.deps.clock.now().getTime();
    return { list: rows.map((r) => this.orderView(r, now)), total: Number(n) };
  }

  async hostingSum(userId: number) {
    const yesterday = dayOf(this.deps.clock.now().getTime() - DAY_MS);
    const [row] = (
      (await this.db.execute(sql`
        SELECT coalesce(sum(amount) FILTER (WHERE status = 'running'), 0) AS hosted,
               coalesce(sum(income_total), 0) AS total_income,
               coalesce(sum(last_income) FILTER (WHERE last_income_day = ${yesterday}::date), 0) AS yesterday_income,
               count(*) FILTER (WHERE status = 'running') AS running
        FROM earn_orders WHERE user_id = ${userId} AND kind = 'hosting'`)) as unknown as { rows: { hosted: string; total_income: string; yesterday_income: string; running: unknown }[] }
    ).rows;
    return {
      hosted: toWire(row.hosted),
      total_income: toWire(row.total_income),
      yesterday_income: toWire(row.yesterday_income),
      running: Number(row.running),
      currency: EARN_CURRENCY,
    };
  }

  async records(userId: number, query: { kind: EarnKind; order_id?: number; page: number; limit: number }): Promise<{ list: EarnIncome[]; total: number }> {
    const where = and(
      eq(earnIncome.userId, userId),
      query.order_id ? eq(earnIncome.orderId, query.order_id) : eq(earnIncome.kind, query.kind),
    );
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ i: earnIncome, orderNo: earnOrders.orderNo })
        .from(earnIncome)
        .innerJoin(earnOrders, eq(earnOrders.id, earnIncome.orderId))
        .where(where)
        .orderBy(desc(earnIncome.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(earnIncome).where(where),
    ]);
    return {
      total: Number(n),
      list: rows.map(({ i, orderNo: no }) => ({
        id: i.id,
        order_id: i.orderId,
        order_no: no,
        kind: i.kind,
        amount: toWire(i.amount),
        currency: i.currency,
        day: i.day,
        created_at: toSeconds(i.createdAt),
      })),
    };
  }

  // ----- the payout engine (leader) ---------------------------------------------------------------------------

  /**
   * Pays every income due at `nowMs`, `batchSize` orders per transaction: one ledger entry per order and day (in a
   * few multi-row statements), the income records, the orders advanced, matured principals released. An order
   * owes at most one day per pass; passes repeat until nothing is due, so missed days are caught up in order.
   * Idempotent: the ledger key per order and day, and each order's `next_pay_day` moving forward in the same
   * transaction.
   */
  async runPayouts(nowMs: number, batchSize = 1_000): Promise<PayoutRun> {
    const today = dayOf(nowMs);
    const run: PayoutRun = { paid: 0, matured: 0, batches: 0 };
    for (;;) {
      const done = await this.db.transaction((tx) => this.payBatch(tx, today, nowMs, batchSize));
      if (!done.paid) return run;
      run.paid += done.paid;
      run.matured += done.matured;
      run.batches++;
    }
  }

  private async payBatch(tx: Tx, today: string, nowMs: number, batchSize: number): Promise<{ paid: number; matured: number }> {
    const due = ((await tx.execute(sql`
      SELECT id, user_id, kind, currency, amount, daily_rate, days, paid_days, next_pay_day::text AS next_pay_day, hold_id, name
      FROM earn_orders WHERE status = 'running' AND next_pay_day <= ${today}::date
      ORDER BY next_pay_day, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`)) as unknown as {
      rows: { id: unknown; user_id: unknown; kind: EarnKind; currency: string; amount: string; daily_rate: string; days: number; paid_days: number; next_pay_day: string; hold_id: unknown; name: string }[];
    }).rows;
    if (!due.length) return { paid: 0, matured: 0 };
    const at = new Date(nowMs);
    const paid = due.map((o) => {
      const payout = nextPayout({ amount: o.amount, dailyRate: o.daily_rate, days: Number(o.days), paidDays: Number(o.paid_days), nextPayDay: o.next_pay_day }, nowMs);
      invariant(payout !== null, "a due order has a payout");
      return { order: { ...o, id: Number(o.id), userId: Number(o.user_id), holdId: Number(o.hold_id) }, payout };
    });

    const entries: BatchEntry[] = paid
      .filter(({ payout }) => payout.amount.gt(0))
      .map(({ order, payout }) => ({
        key: `earn:income:${order.id}:${payout.day}`,
        kind: "earn.income",
        cause: { kind: "earn", id: order.id },
        memo: order.name,
        at,
        legs: [
          { account: { user: order.userId }, currency: order.currency, amount: payout.amount },
          { account: { platform: "rewards" }, currency: order.currency, amount: payout.amount.negated() },
        ],
      }));
    const entryIds = await postBatch(tx, entries);
    const entryOf = new Map(entries.map((e, i) => [e.key, entryIds[i]]));
    for (const id of entryIds) invariant(id !== null, "an income due has not been paid before");

    const col = <T extends string | number | boolean | null>(f: (p: (typeof paid)[number]) => T) => pgArray(paid.map(f));
    await tx.execute(sql`
      INSERT INTO earn_income (order_id, user_id, kind, day, amount, currency, entry_id, created_at)
      SELECT o, u, k, d, a, c, e, ${at.toISOString()}::timestamptz
      FROM unnest(${col((p) => p.order.id)}::bigint[], ${col((p) => p.order.userId)}::bigint[], ${col((p) => p.order.kind)}::text[],
                  ${col((p) => p.payout.day)}::date[], ${col((p) => toWire(p.payout.amount))}::numeric[], ${col((p) => p.order.currency)}::text[],
                  ${col((p) => entryOf.get(`earn:income:${p.order.id}:${p.payout.day}`) ?? null)}::bigint[]) AS v (o, u, k, d, a, c, e)`);

    // The orders' new totals come back with the update: the maturity notices need no query per order.
    const updated = (await tx.execute(sql`
      UPDATE earn_orders AS o SET paid_days = v.k, next_pay_day = v.next_day, income_total = o.income_total + v.amount,
             last_income = v.amount, last_income_day = v.day,
             status = CASE WHEN v.matures THEN 'ended' ELSE o.status END,
             end_reason = CASE WHEN v.matures THEN 'maturity' ELSE o.end_reason END,
             ended_at = CASE WHEN v.matures THEN ${at.toISOString()}::timestamptz ELSE o.ended_at END
      FROM unnest(${col((p) => p.order.id)}::bigint[], ${col((p) => p.payout.k)}::int[], ${col((p) => addDays(p.order.next_pay_day, 1))}::date[],
                  ${col((p) => toWire(p.payout.amount))}::numeric[], ${col((p) => p.payout.day)}::date[], ${col((p) => p.payout.matures)}::boolean[])
           AS v (id, k, next_day, amount, day, matures)
      WHERE o.id = v.id
      RETURNING o.id, o.income_total::text AS income_total`)) as unknown as { rows: { id: unknown; income_total: string }[] };
    const incomeTotalOf = new Map(updated.rows.map((r) => [Number(r.id), r.income_total]));

    const matured = paid.filter(({ payout }) => payout.matures);
    await resolveBatch(
      tx,
      matured.map(({ order }) => ({ holdId: order.holdId, key: `earn:release:${order.id}`, kind: "earn.release", memo: order.name, at })),
    );
    for (const { order } of matured) {
      await this.deps.notifier.notifyUser(tx, order.userId, {
        title: notifications.EARN_MATURED_TITLE.key,
        body: notifications.EARN_MATURED_BODY.key,
        values: { name: order.name, amount: toWire(order.amount), currency: order.currency, income: toWire(incomeTotalOf.get(order.id) ?? "0") },
      });
    }
    return { paid: paid.length, matured: matured.length };
  }

  // ----- back office ------------------------------------------------------------------------------------------

  async adminProducts(kind?: EarnKind) {
    const rows = await this.db
      .select()
      .from(earnProducts)
      .where(kind ? eq(earnProducts.kind, kind) : undefined)
      .orderBy(desc(earnProducts.id));
    return { list: rows.map((r) => this.adminView(r)), liabilities: await this.liabilities() };
  }

  private adminView(row: ProductRow) {
    return { ...productView(row), countries_off: row.countriesOff, created_at: toSeconds(row.createdAt), updated_at: toSeconds(row.updatedAt) };
  }

  /** Principal held and income still due to maturity, per currency, against the rewards account's balance. */
  async liabilities() {
    const found = ((await this.db.execute(sql`
      SELECT currency, coalesce(sum(amount), 0) AS principal,
             coalesce(sum(floor(amount * daily_rate * 100000000) / 100000000 * (days - paid_days)), 0) AS income_due,
             count(*) AS running
      FROM earn_orders WHERE status = 'running' GROUP BY currency ORDER BY currency`)) as unknown as {
      rows: { currency: string; principal: string; income_due: string; running: unknown }[];
    }).rows;
    const platform = await ledger.platformBalances(this.db);
    const rewards = new Map(platform.filter((p) => p.platform === "rewards").map((p) => [p.currency, p.balance]));
    const currencies = new Set([...found.map((r) => r.currency), ...rewards.keys()]);
    return [...currencies].sort().map((currency) => {
      const r = found.find((f) => f.currency === currency);
      return {
        currency,
        principal: toWire(r?.principal ?? "0"),
        income_due: toWire(r?.income_due ?? "0"),
        rewards_balance: rewards.get(currency) ?? "0",
        running_orders: Number(r?.running ?? 0),
      };
    });
  }

  async saveProduct(operator: OperatorSession, input: ProductInput) {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    if (money(input.max).lt(input.min) || money(input.min).lte(0)) throw new DomainError("PARAMETER_ERROR", "max");
    // Earn takes and pays USDT (the USDT wallet is what the subscription form offers and the hosting totals add up).
    if (input.currency !== EARN_CURRENCY) throw new DomainError("PARAMETER_ERROR", "currency");
    const values = {
      kind: input.kind,
      name: input.name,
      currency: input.currency,
      minAmount: input.min,
      maxAmount: input.max,
      days: input.days,
      dailyRate: input.daily_rate,
      earlyExitPenaltyRate: input.kind === "hosting" ? input.early_exit_penalty_rate : "0",
      maxParticipants: input.max_participants,
      status: input.status,
      fundedBy: input.funded_by,
      riskNote: input.risk_note,
      countriesOff: [...new Set(input.countries_off)].sort(),
      updatedAt: this.deps.clock.now(),
    };
    return this.db.transaction(async (tx) => {
      let row: ProductRow;
      if (input.id) {
        const [found] = await tx.select().from(earnProducts).where(eq(earnProducts.id, input.id)).for("update");
        if (!found) throw new DomainError("PRODUCT_NOT_FOUND");
        if (found.kind !== input.kind) throw new DomainError("PARAMETER_ERROR", "kind");
        if (input.max_participants > 0 && input.max_participants < found.participants) throw new DomainError("PARAMETER_ERROR", "max_participants");
        [row] = await tx.update(earnProducts).set(values).where(eq(earnProducts.id, input.id)).returning();
      } else {
        [row] = await tx.insert(earnProducts).values({ ...values, participants: 0, createdAt: this.deps.clock.now() }).returning();
      }
      await audit(tx, {
        actorKind: "operator",
        actorId: operator.id,
        action: input.id ? "earn.product.edit" : "earn.product.create",
        targetKind: "earn_product",
        targetId: row.id,
        detail: { ...input, id: row.id },
      });
      return this.adminView(row);
    });
  }
}
