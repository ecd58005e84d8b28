/**
 * Settles a long list in batches with up to `inFlight` transactions at once, started in the list's order: one batch's
 * statements run in the database while the next one's work runs in this process. The batches must not lock the same
 * rows in opposite orders (settlement batches hold disjoint rows and reach shared accounts through the ledger, which
 * locks them in id order, so a second batch waits for the first's commit there, never in a cycle).
 *
 * Every batch runs to its end before a failure is answered: the caller (the trigger runner) then re-reads every
 * owner of the firing, and none may still be settling.
 */
export async function inBatches<T>(items: readonly T[], size: number, inFlight: number, settle: (batch: T[]) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + size);
      next += size;
      await settle(batch);
    }
  };
  const failed = (await Promise.allSettled(Array.from({ length: inFlight }, worker))).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}
