import { eq } from "drizzle-orm";
import type { Option, SubmitOptionInput } from "../../contract/options";
import { ledger, money, toWire } from "../ledger";
import type { PairRow } from "../market";
import { DomainError } from "../platform/errors";
import { idempotent } from "../platform/idempotency";
import { positionsConfig, sessionCovers } from "../positions";
import { ownerOf } from "../triggers";
import { optionsConfig, periodsOf } from "./options.config";
import { expiryMs, type Tick } from "./options.engine";
import { options } from "./options.schema";
import { kindsOf, OptionsRole, SOURCE, toOption, type OptionsDesk } from "./options.shared";

/** The user's command on options: open one (the stake held, the expiry armed in the trigger book). */
export class OptionsCommands extends OptionsRole {
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
      // Forex and metals: the market must stay open from now to the expiry (none across a close or the weekend);
      // microtrade/seconds marks the same periods unavailable, so the ticket never offers what this refuses.
      const session = (await positionsConfig.cached(this.db)).session;
      if (!sessionCovers(pair.kind, session, this.deps.clock.now().getTime(), expires)) throw new DomainError("TRADING_CLOSED");
    }
    return { pair, period, amount, open: { price: open.price, atMs: open.atMs } as Tick, expires };
  }

  async submit(userId: number, desk: OptionsDesk, input: SubmitOptionInput): Promise<Option> {
    let prepared!: Awaited<ReturnType<OptionsCommands["prepare"]>>;
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
        return toOption(armed);
      },
      async () => {
        prepared = await this.prepare(userId, desk, input);
      },
    );
    this.deps.triggers.changed(ownerOf(SOURCE, row.id));
    this.deps.publish(userId, row);
    return row;
  }
}
