import fc from "fast-check";
import { ledgerReads } from "../server/src/ledger";
import { createTestServer } from "../server/src/testing/harness";
import { action, newTally, runSequence } from "../server/src/testing/positions-property";
import { leadTheFeed, tick } from "../server/src/testing/ticks";
import type { BenchResult, BenchSuite } from "./run";

/**
 * The positions property at length: `POSITIONS_PROPERTY_OPS` (default 1,000,000) random ticks and user actions in
 * sequences of 5-18 (testing/positions-property.ts, the same sequence and checks as positions.property.test.ts,
 * which CI runs for a bounded number), on a fresh PGlite server. The whole ledger is verified every
 * `POSITIONS_PROPERTY_VERIFY_EVERY` sequences (default 200) and at the end. It reports the successes per action and
 * the refusals per code; "broken" must be 0 (the first few are printed).
 */
export const suite: BenchSuite = {
  name: "positions property: random ticks and actions",
  async run(log) {
    const target = Number(process.env.POSITIONS_PROPERTY_OPS ?? 1_000_000);
    const verifyEvery = Number(process.env.POSITIONS_PROPERTY_VERIFY_EVERY ?? 200);
    const seed = Number(process.env.POSITIONS_PROPERTY_SEED ?? 20_261_202);
    const server = await createTestServer();
    try {
      await leadTheFeed(server);
      await tick(server, { "BTC/USDT": "60000" });
      const state = { price: 60000 };
      const tally = newTally();
      const sequences = fc.infiniteStream(fc.array(action, { minLength: 5, maxLength: 18 }));
      const [stream] = fc.sample(sequences, { numRuns: 1, seed });
      let broken = 0;
      let reported = 0;
      const started = performance.now();
      for (const actions of stream) {
        if (tally.operations >= target) break;
        const problems = await runSequence(server, actions, state, tally, (tally.sequences + 1) % verifyEvery === 0);
        broken += problems.length;
        for (const problem of problems) if (reported++ < 5) log(`broken: ${problem.slice(0, 400)}`);
        // Prices stay near where the generator's moves and offsets make sense.
        if (state.price < 20_000 || state.price > 200_000) {
          state.price = 60000;
          await tick(server, { "BTC/USDT": "60000" });
        }
        if (tally.sequences % 1_000 === 0) log(`${tally.operations.toLocaleString("en-US")} operations, ${tally.opened} opened, ${broken} broken`);
      }
      const problems = await ledgerReads.verify(server.database.db);
      broken += problems.length;
      const seconds = (performance.now() - started) / 1000;
      const refusals = [...tally.refused.entries()].sort(([a], [b]) => a.localeCompare(b));
      const results: BenchResult[] = [
        { name: "operations", value: tally.operations, unit: "operations", note: `${tally.sequences} sequences, seed ${seed}` },
        { name: "throughput", value: tally.operations / seconds, unit: "operations/s" },
        { name: "opened", value: tally.opened, unit: "orders" },
        { name: "closed by the user", value: tally.userClosed, unit: "positions" },
        { name: "closed by a trigger", value: tally.triggerClosed, unit: "positions" },
        { name: "cancelled", value: tally.cancelled, unit: "orders" },
        { name: "stops set", value: tally.stopsSet, unit: "positions" },
        ...refusals.map(([code, n]) => ({ name: `refused ${code}`, value: n, unit: "answers" })),
        { name: "broken", value: broken, unit: "properties", note: "must be 0" },
      ];
      return results;
    } finally {
      await server.close();
    }
  },
};
