import { desc, eq, sql } from "drizzle-orm";
import type { EarnKind, ProductInput } from "../../contract/earn";
import { ledgerReads, money, toWire } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds } from "../platform/clock";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { earnProducts, type ProductRow } from "./earn.schema";
import { EARN_CURRENCY, EarnRole, productView } from "./earn.shared";

/** The back office of earn: the products, the liabilities against the rewards account. */
export class EarnAdmin extends EarnRole {
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
    const platform = await ledgerReads.platformBalances(this.db);
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
