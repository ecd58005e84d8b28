/**
 * Group commit for a hot path (STYLE 14, PostgreSQL's group commit, TigerBeetle's batches): calls that arrive while
 * a batch is being written wait and go together in the next one, so many requests share one transaction and one
 * round trip per table. When nothing is being written a call goes at once (a batch of one: latency stays low at low
 * load); the busier the path, the larger the batches. `write` decides every member before it writes and answers
 * each member on its own (a value, or the Error that refuses that member only); a batch that throws (the database
 * failed) fails its members.
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
