import { and, eq } from "drizzle-orm";
import type { Option, SubmitOptionInput } from "../../contract/options";
import { ledger, money, toWire, transfers } from "../ledger";
import type { PairRow } from "../market";
import { DomainError, invariant } from "../platform/errors";
import { OrderDesk, type Accepted } from "../orders";
import type { Tx } from "../platform/db";
import { positionsConfig, sessionCovers } from "../positions";
import { ownerOf } from "../triggers";
import { optionsConfig, periodsOf } from "./options.config";
import { expiryMs, type Tick } from "./options.engine";
import { options } from "./options.schema";
import { kindsOf, OptionsRole, SOURCE, type OptionsDesk } from "./options.shared";

type Prepared = Awaited<ReturnType<OptionsCommands["prepare"]>>;

/** The user's command on options: open one (the stake held, the expiry armed in the trigger book). */
export class OptionsCommands extends OptionsRole {
  /** Placements go through the order desk (group-committed), as contract market orders do. */
  private readonly desk = new OrderDesk<SubmitOptionInput, Prepared, Option, Option, OptionsDesk>(this.db, this.deps.clock, {
    table: options,
    prepare: (userId, input, desk) => this.prepare(userId, desk, input),
    accounts: ({ userId, input }) => [{ userId, currency: input.currency }],
    decide: ({ prepared }, balances) => (ledger.applyIfFunded(balances, prepared.stake) ? null : new DomainError("INSUFFICIENT_BALANCE")),
    write: (tx, accepted, now) => this.write(tx, accepted, now),
    replay: (first, userId) => this.replayOf(first, userId),
  });

  // ----- submit -------------------------------------------------------------------------------------------------

  /** Every rule that does not need the transaction; returns the terms of the option and its stake's legs. */
  private async prepare(userId: number, desk: OptionsDesk, input: SubmitOptionInput) {
    const pair: PairRow = this.deps.pairs.requirePair(input.symbol);
    if (!kindsOf(desk).includes(pair.kind)) throw new DomainError("PAIR_NOT_FOUND");
    // Switched on, and priced by a live feed (a stale feed refuses: no option opens on an old price).
    this.deps.prices.requireTradable(input.symbol);
    await this.deps.switches.require(userId, "options");
    const config = await optionsConfig.cached(this.db);
    const period = periodsOf(config, pair.kind).find((p) => p.seconds === input.seconds);
    if (!period) throw new DomainError("PARAMETER_ERROR", "seconds");
    if (!config.currencies.includes(input.currency)) throw new DomainError("CURRENCY_TYPE_WRONG", "currency");
    const amount = money(input.amount);
    if (!amount.gt(0) || amount.decimalPlaces() > 8) throw new DomainError("AMOUNT_ERROR", "amount");
    if (amount.lt(period.min)) throw new DomainError("ORDER_BELOW_MIN", "amount");
    if (amount.gt(period.max)) throw new DomainError("ORDER_ABOVE_MAX", "amount");
    const open = this.deps.prices.lastTick(pair.symbol);
    if (!open) throw new DomainError("TRADING_CLOSED");
    const expires = expiryMs(open.atMs, period.seconds);
    if (pair.kind !== "crypto") {
      // Forex and metals: the market must stay open from now to the expiry (none across a close or the weekend);
      // microtrade/seconds marks the same periods unavailable, so the ticket never offers what this refuses.
      const session = (await positionsConfig.cached(this.db)).session;
      if (!sessionCovers(pair.kind, session, this.deps.clock.now().getTime(), expires)) throw new DomainError("TRADING_CLOSED");
    }
    const stake = transfers.holdLegs({ userId, currency: input.currency, amount });
    return { pair, period, amount, open: { price: open.price, atMs: open.atMs } as Tick, expires, stake };
  }

  /**
   * Opens an option through the order desk (options arriving while a batch is written go together in the next one),
   * as contract market orders do; a key seen before (or claimed first by a twin) answers its first option.
   */
  async submit(userId: number, desk: OptionsDesk, input: SubmitOptionInput): Promise<Option> {
    const placed = await this.desk.place(userId, desk === "crypto" ? "microtrade/submit" : "microtrade/whsubmit", input, desk);
    if (!("fresh" in placed)) return placed.replay;
    this.deps.triggers.changed(ownerOf(SOURCE, placed.fresh.id));
    this.deps.publish(userId, placed.fresh);
    return placed.fresh;
  }

  /** A batch's accepted options, one statement per table: the stakes held, the rows inserted armed. */
  private async write(tx: Tx, accepted: ReadonlyArray<Accepted<SubmitOptionInput, Prepared>>, now: Date): Promise<Option[]> {
    const held = await ledger.holdMany(
      tx,
      accepted.map(({ member, id }) => ({ key: `option:${id}:stake`, ...transfers.optionStake({ userId: member.userId, currency: member.input.currency, amount: member.prepared.amount, optionId: id }), at: now })),
    );
    const rows = await tx
      .insert(options)
      .values(
        accepted.map(({ member: { userId, input, prepared }, id }, i) => {
          const { pair, period, amount, open, expires } = prepared;
          return {
            id,
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
            holdId: held[i].holdId,
            status: "open" as const,
            createdAt: now,
          };
        }),
      )
      .returning();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return accepted.map(({ id }) => this.wire(byId.get(id)!));
  }

  /** The option a key's first answer names (`{ id }`; answers stored before were the option itself, id included). */
  private async replayOf(first: { id: number }, userId: number): Promise<Option> {
    const [row] = await this.db.select().from(options).where(and(eq(options.id, first.id), eq(options.userId, userId)));
    invariant(row !== undefined, "a key's answer names an option of its user");
    return this.wire(row);
  }
}
