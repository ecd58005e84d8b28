import { and, eq, sql } from "drizzle-orm";
import type { EarnKind, EarnOrder } from "../../contract/earn";
import { ledger, toWire, transfers } from "../ledger";
import type { Db, Tx } from "../platform/db";
import { DomainError } from "../platform/errors";
import { idempotent } from "../platform/idempotency";
import { amountRefusal, earlyExit, scheduleOf } from "./earn.engine";
import { earnOrders, earnProducts, type ProductRow } from "./earn.schema";
import { EarnRole, orderNo } from "./earn.shared";

/** The user's commands on earn: subscribe (arbitrage or hosting) and terminate a hosting order early. */
export class EarnCommands extends EarnRole {
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
          ...transfers.earnPrincipal({ userId, currency: product.currency, amount: input.amount, orderId }),
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
        ...transfers.earnEarlyExit({ userId, currency: row.currency, returned, penalty }),
        memo: row.name,
        actor: { kind: "user", id: userId },
        at: now,
      });
      const [ended] = await tx
        .update(earnOrders)
        .set({ status: "ended", endReason: "early", penalty: toWire(penalty), endedAt: now })
        .where(eq(earnOrders.id, row.id))
        .returning();
      return this.orderView(ended, now.getTime());
    });
  }
}
