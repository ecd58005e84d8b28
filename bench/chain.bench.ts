import { HDKey } from "@scure/bip32";
import { createPublicClient, http, parseAbiItem } from "viem";
import { depositAddressOf, watchOnlyKey } from "../server/src/funding/chain.config";
import { startLocalChainProcess } from "../server/src/testing/chain";
import { createTestServer } from "../server/src/testing/harness";
import type { BenchResult, BenchSuite } from "./run";

/**
 * On-chain deposits: `CHAIN_BENCH_USERS` (default 10,000) users each receive one transfer, in 500 blocks of a real
 * local node (ganache, in a process of its own; one batch transaction of 20 transfers per block), while the leader's watcher runs as in
 * production (every 100 ms here) on PGlite. Printed: the watcher's rate (transfers credited per second, from the
 * first transfer's Nth confirmation to the last credit), the time from each transfer's Nth confirmation (the block
 * that gives it) to its credit (p50, p99), and beside them the node's own `eth_getLogs` rate over the same blocks.
 */
const CONFIRMATIONS = 12;
const BLOCKS = 500;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const suite: BenchSuite = {
  name: "chain: 10,000 on-chain transfers in 500 blocks credited",
  async run(log) {
    const count = Number(process.env.CHAIN_BENCH_USERS ?? 10_000);
    const perBlock = Math.ceil(count / BLOCKS);
    const chain = await startLocalChainProcess();
    const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/60'/0'");
    const token = await chain.deployToken();
    const server = await createTestServer({ DEPOSIT_XPUB: account.publicExtendedKey, CHAIN_NETWORKS: `ERC20|${chain.url}|${token}|${CONFIRMATIONS}`, LOG_LEVEL: "warn" });
    const results: BenchResult[] = [];
    try {
      const db = server.database;
      await db.query(`INSERT INTO users (account, invite_code) SELECT 'chain' || g, 'C' || g FROM generate_series(1, ${count}) AS g`);
      const ids = (await db.query<{ id: string }>("SELECT id FROM users WHERE account LIKE 'chain%' ORDER BY id")).map((r) => Number(r.id));
      const key = watchOnlyKey(account.publicExtendedKey);
      const watcher = server.engines.chain.another({ pollMs: 100 });
      let started = performance.now();
      await watcher.runOnce();
      log(`seeded ${count.toLocaleString("en-US")} users; their addresses derived and stored in ${((performance.now() - started) / 1000).toFixed(1)} s (first pass)`);
      // The watcher derived and stored every address: the bench sends to those (one checked against the key).
      const addresses = (await db.query<{ address: string }>("SELECT a.address FROM chain_addresses a JOIN users u ON u.id = a.user_id WHERE u.account LIKE 'chain%' ORDER BY u.id")).map((r) => r.address);
      if (addresses[0] !== depositAddressOf(key, ids[0]).toLowerCase()) throw new Error("the stored addresses are not the key's");

      const credited = new Map<number, number>();
      server.ctx.events.on("funding.decided", ({ change }) => {
        if (change.kind === "deposit" && change.status === "succeeded") credited.set(change.id, performance.now());
      });
      const minedAt = new Map<number, number>();
      // The test server's clock is a manual one: kept in step with real time, so the watcher's backoff runs out.
      const clockTicks = setInterval(() => server.clock.advance(100), 100);
      watcher.start(() => true);
      started = performance.now();
      const first = (await chain.head()) + 1;
      for (let b = 0; b < BLOCKS; b++) {
        const to = addresses.slice(b * perBlock, (b + 1) * perBlock);
        if (!to.length) break;
        const sent = await chain.batchTransfer(token, to, to.map((_, i) => `${10 + ((b + i) % 90)}.5`));
        minedAt.set(sent.block, performance.now());
        if ((b + 1) % 100 === 0) log(`${b + 1} blocks sent, ${credited.size.toLocaleString("en-US")} credited so far (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      }
      const last = await chain.head();
      log(`${count.toLocaleString("en-US")} transfers sent in blocks ${first} to ${last} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (let i = 0; i < CONFIRMATIONS; i++) {
        await chain.mine(1);
        minedAt.set(await chain.head(), performance.now());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Waits while credits keep coming; a minute without one ends the wait with the watcher's own state.
      let seen = -1;
      let progressAt = performance.now();
      while (credited.size < count && performance.now() - progressAt < 60_000) {
        if (credited.size !== seen) [seen, progressAt] = [credited.size, performance.now()];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await watcher.stop();
      clearInterval(clockTicks);
      if (credited.size < count) {
        const [cursor] = await db.query<{ block: string; head: string; error: string | null }>("SELECT block, head, error FROM chain_cursors");
        log(`only ${credited.size} of ${count} credited, none for a minute; the watcher's cursor ${cursor?.block}, head ${cursor?.head}, error ${cursor?.error ?? "none"}`);
      }

      const rows = await db.query<{ id: string; block: string }>("SELECT id, block FROM deposits WHERE source = 'chain' AND status = 'succeeded'");
      const latencies = rows
        .map((r) => {
          const at = credited.get(Number(r.id));
          const confirmedAt = minedAt.get(Number(r.block) + CONFIRMATIONS - 1);
          return at !== undefined && confirmedAt !== undefined ? at - confirmedAt : null;
        })
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      const firstConfirmed = minedAt.get(first + CONFIRMATIONS - 1) ?? started;
      const lastCredit = Math.max(...credited.values());
      const rate = credited.size / ((lastCredit - firstConfirmed) / 1000);
      results.push({ name: "credited", value: credited.size, unit: "transfers", note: `${rows.length} succeeded rows, ${BLOCKS} blocks, ${CONFIRMATIONS} confirmations` });
      results.push({ name: "watcher rate", value: rate, unit: "transfers/s", note: "first Nth confirmation to last credit" });
      results.push({ name: "Nth confirmation to credit p50", value: percentile(latencies, 50), unit: "ms" });
      results.push({ name: "Nth confirmation to credit p99", value: percentile(latencies, 99), unit: "ms" });

      // The node's own rate at the query the watcher makes most: the token's Transfer logs over the same blocks.
      const client = createPublicClient({ transport: http(chain.url, { timeout: 120_000 }) });
      const event = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
      let logs = 0;
      started = performance.now();
      for (let from = first; from <= last; from += 100) {
        logs += (await client.getLogs({ address: token, event, fromBlock: BigInt(from), toBlock: BigInt(Math.min(last, from + 99)) })).length;
      }
      const nodeMs = performance.now() - started;
      results.push({ name: "node eth_getLogs rate", value: logs / (nodeMs / 1000), unit: "logs/s", note: `${logs.toLocaleString("en-US")} logs in ranges of 100 blocks, ${(nodeMs / 1000).toFixed(1)} s` });
    } finally {
      await server.close();
      await chain.close();
    }
    return results;
  },
};
