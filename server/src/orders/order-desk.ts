import { getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { ledger } from "../ledger";
import type { Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { GroupCommit } from "../platform/group-commit";
import { answerTaken, claimKeys, freeRefusedKeys, prepareThenPlace, TAKEN, type IdempotentCall } from "../platform/idempotency";

/** The balances a batch decides on: copies of the locked accounts, `${userId}:${currency}` -> available and frozen. */
export type Balances = Awaited<ReturnType<typeof ledger.lockBalances>>;

/** One order waiting for its batch: who, what, and what the domain's `prepare` found (rules passed, price taken). */
export interface Member<I, P> {
  call: IdempotentCall;
  userId: number;
  input: I;
  prepared: P;
}

/** An accepted member and the id drawn for its row (its key names that id). */
export interface Accepted<I, P> {
  member: Member<I, P>;
  id: number;
}

/**
 * What a product tells the desk (STYLE 15): how to prepare an order, how to decide it on the locked balances and how
 * to write the accepted ones. The desk owns everything else, the same for every product.
 */
export interface DeskProduct<I, P, W, R, C = undefined> {
  /** The table whose rows the orders become: an id of its sequence is drawn for every member, before its row. */
  table: PgTable;
  /**
   * Every rule that needs no transaction (a refusal writes nothing); what the order needs to be placed. `context`:
   * what the caller passed beside the request (which desk of the product), kept out of the key's request hash.
   */
  prepare(userId: number, input: I, context: C): Promise<P>;
  /** The accounts a member's decision reads (locked together for the batch, in id order). */
  accounts(member: Member<I, P>): ReadonlyArray<{ userId: number; currency: string }>;
  /** Accepts (null, taking its funds off `balances`, so the next members see what is left) or refuses a member. */
  decide(member: Member<I, P>, balances: Balances): Error | null;
  /** Writes the accepted members (holds, postings, rows: one statement per table); answers one value per member, in order. */
  write(tx: Tx, accepted: ReadonlyArray<Accepted<I, P>>, now: Date): Promise<W[]>;
  /** What a key's first answer (`{ id }`) names, read back for a retry. */
  replay(first: { id: number }, userId: number): Promise<R>;
}

/** A placement's answer: what this call wrote, or the first answer of its key (a retry, or a twin claimed it first). */
export type Placed<W, R> = { fresh: W } | { replay: R };

/**
 * The one keyed batch-order protocol of every product (contracts, spot, options): the rules checked outside any
 * transaction, then the order group-committed with those arriving meanwhile, and per batch in one transaction:
 * the ids drawn and the keys claimed with them, the balances locked, every member decided in arrival order (one the
 * balance cannot pay is refused alone, before anything is written), the accepted written, the refused members' keys
 * freed; after the commit, a key another request claimed first answers that request's order.
 */
export class OrderDesk<I extends { idempotency_key?: string }, P, W, R, C = undefined> {
  private readonly batches = new GroupCommit<Member<I, P>, Placed<W, R>>((batch) => this.placeBatch(batch));
  private readonly tableName: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly product: DeskProduct<I, P, W, R, C>,
  ) {
    this.tableName = getTableName(product.table);
  }

  /**
   * Places one order on the call `scope`. As `idempotent` does for one call: a key seen before (or claimed first by a
   * twin) answers its first order, and nothing moves twice (`prepareThenPlace`).
   */
  place(userId: number, scope: string, input: I, context: C): Promise<Placed<W, R>> {
    const call: IdempotentCall = { userId, key: input.idempotency_key, scope, body: { ...input, idempotency_key: undefined } };
    return prepareThenPlace(
      this.db,
      call,
      () => this.product.prepare(userId, input, context),
      (prepared) => this.batches.submit({ call, userId, input, prepared }),
      async (first: { id: number }) => ({ replay: await this.product.replay(first, userId) }),
    );
  }

  private async placeBatch(batch: readonly Member<I, P>[]): Promise<Array<Placed<W, R> | Error>> {
    const calls = batch.map((m) => m.call);
    const settled = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const answers: Array<Placed<W, R> | Error | typeof TAKEN> = batch.map(() => TAKEN);
      // The ids first: each key is claimed with the row it names, and the money moves name the rows as their cause,
      // so each row is written once, complete (a refused member's id goes unused).
      const { ids, claimed } = await claimKeys(tx, this.tableName, calls);
      const wanted = new Map<string, { userId: number; currency: string }>();
      batch.forEach((member, i) => {
        if (claimed[i]) for (const a of this.product.accounts(member)) wanted.set(`${a.userId}:${a.currency}`, a);
      });
      const balances = await ledger.lockBalances(tx, [...wanted.values()]);
      const accepted: Array<Accepted<I, P> & { index: number }> = [];
      batch.forEach((member, index) => {
        if (!claimed[index]) return;
        let refusal: Error | null;
        try {
          refusal = this.product.decide(member, balances);
        } catch (error) {
          refusal = error instanceof Error ? error : new Error(String(error));
        }
        if (refusal) answers[index] = refusal;
        else accepted.push({ member, id: ids[index], index });
      });
      if (accepted.length) {
        const written = await this.product.write(tx, accepted, now);
        accepted.forEach(({ index }, i) => (answers[index] = { fresh: written[i] }));
      }
      await freeRefusedKeys(tx, calls, claimed, answers);
      return answers;
    });
    // A key another request claimed first: that request's answer (it committed before this batch could claim it).
    return answerTaken(this.db, calls, settled, async (first: { id: number }, call) => ({ replay: await this.product.replay(first, call.userId) }));
  }
}
