import { and, eq } from "drizzle-orm";
import type { Option, SubmitOptionInput } from "../../contract/options";
import { ledger, money, toWire, type Leg } from "../ledger";
import type { PairRow } from "../market";
import { DomainError, invariant } from "../platform/errors";
import { GroupCommit } from "../platform/group-commit";
import { answerTaken, claimKeys, freeRefusedKeys, prepareThenPlace, TAKEN, type IdempotentCall } from "../platform/idempotency";
import { positionsConfig, sessionCovers } from "../positions";
import { ownerOf } from "../triggers";
import { optionsConfig, periodsOf } from "./options.config";
import { expiryMs, type Tick } from "./options.engine";
import { options } from "./options.schema";
import { kindsOf, OptionsRole, SOURCE, toOption, type OptionsDesk } from "./options.shared";

type Prepared = Awaited<ReturnType<OptionsCommands["prepare"]>>;

/** One option waiting for its batch: who, what, and what `prepare` found (rules passed, opening tick taken). */
interface Placement {
  call: IdempotentCall;
  userId: number;
  input: SubmitOptionInput;
  prepared: Prepared;
}

/** A member's answer: the option it opened, or the first answer of its key (another request claimed it first). */
type Placed = { fresh: Option } | { replay: Option };

/** The user's command on options: open one (the stake held, the expiry armed in the trigger book). */
export class OptionsCommands extends OptionsRole {
  /** Placements are group-committed, as contract market orders are. */
  private readonly placements = new GroupCommit<Placement, Placed>((batch) => this.placeBatch(batch));

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

  /**
   * Opens an option through the group commit (options arriving while a batch is written go together in the next
   * one), as contract market orders do. As `idempotent` does for one call: the rules are checked outside the
   * transaction, and a key seen before (or claimed first by a twin) answers its first option (`prepareThenPlace`).
   */
  async submit(userId: number, desk: OptionsDesk, input: SubmitOptionInput): Promise<Option> {
    const call: IdempotentCall = { userId, key: input.idempotency_key, scope: desk === "crypto" ? "microtrade/submit" : "microtrade/whsubmit", body: { ...input, idempotency_key: undefined } };
    const placed = await prepareThenPlace(this.db, call, () => this.prepare(userId, desk, input), (prepared) => this.placements.submit({ call, userId, input, prepared }), (first: { id: number }) => this.replayOf(first, userId));
    if (!("fresh" in placed)) return placed.replay;
    this.deps.triggers.changed(ownerOf(SOURCE, placed.fresh.id));
    this.deps.publish(userId, placed.fresh);
    return placed.fresh;
  }

  /**
   * Writes a batch of options in one transaction with one statement per table: the ids drawn, the keys claimed with
   * them, the stake accounts locked and each member decided on them in arrival order (a stake the balance cannot pay
   * is refused alone, before anything is written), then the stakes held, the rows inserted armed, the refused
   * members' keys freed.
   */
  private async placeBatch(batch: readonly Placement[]): Promise<Array<Placed | Error>> {
    const settled = await this.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const answers: Array<Placed | Error | typeof TAKEN> = batch.map(() => TAKEN);
      // An id per member first, each key claimed with the option it names (a refused member's id goes unused).
      const { ids: idOf, claimed } = await claimKeys(tx, "options", batch.map((m) => m.call));
      const wanted = new Map<string, { userId: number; currency: string }>();
      batch.forEach(({ userId, input }, i) => claimed[i] && wanted.set(`${userId}:${input.currency}`, { userId, currency: input.currency }));
      const balances = await ledger.lockBalances(tx, [...wanted.values()]);
      const accepted: number[] = [];
      batch.forEach(({ userId, input, prepared }, index) => {
        if (!claimed[index]) return;
        const stake: Leg[] = [
          { account: { user: userId }, currency: input.currency, amount: prepared.amount.negated() },
          { account: { user: userId }, currency: input.currency, bucket: "frozen", amount: prepared.amount },
        ];
        if (ledger.applyIfFunded(balances, stake)) accepted.push(index);
        else answers[index] = new DomainError("INSUFFICIENT_BALANCE");
      });
      if (accepted.length) {
        const held = await ledger.holdMany(
          tx,
          accepted.map((index) => ({ key: `option:${idOf[index]}:stake`, kind: "option.stake", userId: batch[index].userId, currency: batch[index].input.currency, amount: batch[index].prepared.amount, cause: { kind: "option", id: idOf[index] }, at: now })),
        );
        const rows = await tx
          .insert(options)
          .values(
            accepted.map((index, i) => {
              const { userId, input, prepared } = batch[index];
              const { pair, period, amount, open, expires } = prepared;
              return {
                id: idOf[index],
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
        accepted.forEach((index) => (answers[index] = { fresh: toOption(byId.get(idOf[index])!) }));
      }
      await freeRefusedKeys(tx, batch.map((m) => m.call), claimed, answers);
      return answers;
    });
    // A key another request claimed first: that request's answer (it committed before this batch could claim it).
    return answerTaken(this.db, batch.map((m) => m.call), settled, (first: { id: number }, call) => this.replayOf(first, call.userId));
  }

  /** The option a key's first answer names (`{ id }`; answers stored before were the option itself, id included). */
  private async replayOf(first: { id: number }, userId: number): Promise<Placed> {
    const [row] = await this.db.select().from(options).where(and(eq(options.id, first.id), eq(options.userId, userId)));
    invariant(row !== undefined, "a key's answer names an option of its user");
    return { replay: toOption(row) };
  }
}
