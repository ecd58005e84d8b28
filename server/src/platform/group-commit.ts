import { setTimeout as nextTurn } from "node:timers/promises";

/**
 * Group commit for a hot path (STYLE 14, PostgreSQL's group commit, TigerBeetle's batches): calls that arrive while
 * a batch is being written wait and go together in the next one, so many requests share one transaction and one
 * round trip per table. The busier the path, the larger the batches; at low load a batch is of one, after one turn
 * of the event loop. `write` decides every member before it writes and answers each member on its own (a value, or
 * the Error that refuses that member only); a batch that throws (the database failed) fails its members.
 *
 * One batch is written at a time: on this 2-core machine a second writer raised the server's CPU per placement
 * (2.66 -> 3.46 ms, `npm run bench -- positions`) and lowered the rate; the batches only got smaller.
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly write: (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>,
    /** Most members per batch (a statement's parameters stay well under PostgreSQL's limit). */
    private readonly max = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length) {
        // A turn of the event loop before each batch, so the requests whose bytes arrived meanwhile are read and join
        // it. PGlite answers a whole transaction without letting sockets be read: without this turn its batches
        // stayed of one (placements 14.5 -> 49/s, server CPU per placement 34 -> 7.7 ms); on PostgreSQL it costs
        // nothing measurable.
        await nextTurn(0);
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
      }
    } finally {
      this.writing = false;
    }
  }
}
