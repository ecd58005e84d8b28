import { setTimeout as sleep } from "node:timers/promises";

export interface GroupCommitOptions {
  /** Most members per batch (a statement's parameters stay well under PostgreSQL's limit). */
  max?: number;
  /**
   * Batches written at once. One on PGlite (one connection: a second transaction only waits). On PostgreSQL a few:
   * while one batch waits for its round trips, the next is already deciding, so throughput is not one batch's
   * latency. Concurrent batches are safe because each locks its accounts in id order (the ledger's rule).
   */
  writers?: number;
}

/**
 * Group commit for a hot path (STYLE 14, PostgreSQL's group commit, TigerBeetle's batches): calls that arrive while
 * the writers are busy wait and go together in the next batch, so many requests share one transaction and one round
 * trip per table. When a writer is free a call goes at once (a batch of one: latency stays low at low load); the
 * busier the path, the larger the batches. `write` decides every member before it writes and answers each member
 * on its own (a value, or the Error that refuses that member only); a batch that throws (the database failed) fails
 * its members.
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  private active = 0;
  private readonly max: number;
  private readonly writers: number;

  constructor(
    private readonly write: (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>,
    options: GroupCommitOptions = {},
  ) {
    this.max = options.max ?? 500;
    this.writers = Math.max(1, options.writers ?? 1);
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.active < this.writers) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.active++;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.max);
        try {
          const answers = await this.write(batch.map((b) => b.item));
          batch.forEach((b, i) => {
            const answer = answers[i];
            if (answer instanceof Error) b.reject(answer);
            else b.resolve(answer);
          });
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
        // One turn of the event loop before the next batch: an embedded database answers a whole transaction without
        // letting sockets be read, so the requests that arrived meanwhile would otherwise wait behind every batch
        // and the batches stay of one (measured on PGlite: batches of 1 without it).
        if (this.queue.length) await sleep(0);
      }
    } finally {
      this.active--;
    }
  }
}
