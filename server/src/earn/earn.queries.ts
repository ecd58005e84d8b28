import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { EarnIncome, EarnKind, Product } from "../../contract/earn";
import { toWire } from "../ledger";
import { toSeconds } from "../platform/clock";
import { DAY_MS, dayOf } from "./earn.engine";
import { earnIncome, earnOrders, earnProducts } from "./earn.schema";
import { EARN_CURRENCY, EarnRole, productView } from "./earn.shared";

/** The read models of earn: products, orders, the hosting sum, income records, and reads of other domains. */
export class EarnQueries extends EarnRole {
  /** Users can invest only in an open product (the back office's setup checklist: none exist on a fresh install). */
  async hasOpenProduct(): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(earnProducts).where(eq(earnProducts.status, "open"));
    return (row?.n ?? 0) > 0;
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
}
