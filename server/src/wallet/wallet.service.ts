import { count, desc, eq } from "drizzle-orm";
import type { FinanceLine, FlashExchange, FlashPair, WalletItem } from "../../contract/wallet";
import { errors } from "../../contract/messages";
import { floorTo, ledger, ledgerReads, money, toWire, transfers } from "../ledger";
import type { Clock } from "../platform/clock";
import { toSeconds } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { idempotent } from "../platform/idempotency";
import { CauseDetails } from "./cause-details";
import { crossRate, quoteFlash } from "./flash.engine";
import type { PriceSource } from "./price-source";
import { decimalsOf, loadWalletConfig } from "./wallet.config";
import { Statements } from "./statements";
import { flashExchanges } from "./wallet.schema";

/** USDT values are shown to the cent's hundredth: enough for any wallet, never rounded up. */
const USDT_VALUE_DECIMALS = 6;

type FlashRow = typeof flashExchanges.$inferSelect;

const toExchange = (r: FlashRow): FlashExchange => ({
  id: r.id,
  from: r.fromCurrency,
  to: r.toCurrency,
  amount: toWire(r.amount),
  fee: toWire(r.fee),
  rate: toWire(r.rate),
  received: toWire(r.received),
  created_at: toSeconds(r.createdAt),
});

/** Wallets (read from the ledger), finance records (the user's own ledger) and the flash exchange. */
export class WalletService {
  /** Which list shows a cause, and the tick a trade's change settled on (readers registered by `app.ts`). */
  readonly causeDetails = new CauseDetails();
  /** CSV statements (`finance/export`); the trading and funding domains register their rows (app.ts, money.module.ts). */
  readonly statements: Statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly prices: PriceSource,
  ) {
    this.statements = new Statements(db, this.causeDetails);
  }

  /** Every configured currency (zero balances included), then any other currency the user holds. */
  async list(userId: number): Promise<WalletItem[]> {
    const config = await loadWalletConfig(this.db);
    const held = await ledgerReads.balances(this.db, userId);
    const currencies = [...config.currencies.map((c) => c.code), ...held.map((h) => h.currency).filter((c) => !config.currencies.some((d) => d.code === c))];
    return Promise.all(
      currencies.map(async (currency) => {
        const wallet = held.find((h) => h.currency === currency) ?? { available: "0", frozen: "0" };
        const balance = money(wallet.available).plus(wallet.frozen);
        const price = await this.prices.usdtPrice(currency);
        return {
          currency,
          balance: toWire(balance),
          available: wallet.available,
          frozen: wallet.frozen,
          usdt_value: price ? toWire(floorTo(balance.times(price), USDT_VALUE_DECIMALS)) : null,
        };
      }),
    );
  }

  async detail(userId: number, query: { page: number; limit: number; currency?: string }): Promise<{ list: FinanceLine[]; total: number }> {
    const page = await ledgerReads.entries(this.db, userId, query);
    const details = await this.causeDetails.of(page.list);
    return { ...page, list: page.list.map((line, i) => ({ ...line, cause_desk: details[i].desk, cause_tick: details[i].tick })) };
  }

  /** The pairs that have a price on both sides, with the rate of the moment. */
  async pairs(): Promise<FlashPair[]> {
    const config = await loadWalletConfig(this.db);
    const pairs: FlashPair[] = [];
    for (const pair of config.flash.pairs) {
      const [fromPrice, toPrice] = await Promise.all([this.prices.usdtPrice(pair.from), this.prices.usdtPrice(pair.to)]);
      const fromDecimals = decimalsOf(config, pair.from);
      const toDecimals = decimalsOf(config, pair.to);
      if (!fromPrice || !toPrice || fromPrice.lte(0) || toPrice.lte(0) || fromDecimals === null || toDecimals === null) continue;
      pairs.push({
        from: pair.from,
        to: pair.to,
        rate: toWire(crossRate(fromPrice, toPrice)),
        fee_rate: config.flash.fee_rate,
        min: pair.min,
        max: pair.max,
        from_decimals: fromDecimals,
        to_decimals: toDecimals,
      });
    }
    return pairs;
  }

  /**
   * Converts at the rate of the moment: the user's `from` goes to the treasury (its fee to fees), the treasury pays
   * the `to` amount, all in one entry that balances per currency.
   */
  async flash(userId: number, input: { from: string; to: string; amount: string; idempotency_key?: string }): Promise<FlashExchange> {
    const { idempotency_key: key, ...body } = input;
    let quoted: { amount: string; fee: string; net: string; received: string; rate: string } | null = null;
    const check = async () => {
      const pair = (await this.pairs()).find((p) => p.from === input.from && p.to === input.to);
      if (!pair) throw new DomainError("PAIR_NOT_FOUND");
      const quote = quoteFlash(input.amount, {
        rate: pair.rate,
        feeRate: pair.fee_rate,
        min: pair.min,
        max: pair.max,
        fromDecimals: pair.from_decimals,
        toDecimals: pair.to_decimals,
      });
      if (!quote.ok) throw new DomainError(quote.error, { amount: errors[quote.error].key });
      quoted = { amount: toWire(input.amount), fee: toWire(quote.fee), net: toWire(quote.net), received: toWire(quote.received), rate: pair.rate };
    };
    return idempotent(
      this.db,
      { userId, key, scope: "wallet/flashAgainst", body },
      async (tx) => {
        const q = quoted!;
        const now = this.clock.now();
        const [row] = await tx
          .insert(flashExchanges)
          .values({ userId, fromCurrency: input.from, toCurrency: input.to, amount: q.amount, fee: q.fee, rate: q.rate, received: q.received, createdAt: now })
          .returning();
        const posted = await ledger.post(tx, {
          key: `flash:${row.id}`,
          ...transfers.flash({ userId, from: input.from, to: input.to, amount: q.amount, fee: q.fee, net: q.net, received: q.received, flashId: row.id }),
          actor: { kind: "user", id: userId },
          at: now,
        });
        await tx.update(flashExchanges).set({ entryId: posted.entryId }).where(eq(flashExchanges.id, row.id));
        return toExchange(row);
      },
      check,
    );
  }

  async flashes(userId: number, query: { page: number; limit: number }): Promise<{ list: FlashExchange[]; total: number }> {
    const rows = await this.db
      .select()
      .from(flashExchanges)
      .where(eq(flashExchanges.userId, userId))
      .orderBy(desc(flashExchanges.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(flashExchanges).where(eq(flashExchanges.userId, userId));
    return { list: rows.map(toExchange), total };
  }
}
