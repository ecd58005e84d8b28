import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createPublicClient, formatUnits, http, parseAbiItem, type PublicClient } from "viem";
import type { ChainNetwork } from "../../contract/funding";
import { userDirectory } from "../auth";
import { money } from "../ledger";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { loadChainConfig, depositAddressOf, watchedNetworks, watchOnlyKey, type ChainEnv } from "./chain.config";
import type { DepositService } from "./deposits.service";
import { loadFundingConfig } from "./funding.config";
import { chainAddresses, chainCursors, deposits } from "./funding.schema";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const DECIMALS = parseAbiItem("function decimals() view returns (uint8)");

export interface ChainWatcherOptions {
  pollMs?: number;
  /** Most blocks one `eth_getLogs` asks for (public nodes cap the range). */
  maxRange?: number;
  /** Where a new network's watch starts: this many blocks below the head it first sees. */
  startDepth?: number;
  /** Tests stop a step here: after the credits committed, before the cursor moved (a crash between the two). */
  beforeCursor?: (network: string) => Promise<void>;
}

/** Backoff after the n-th failure in a row: 1 s, 2 s, 4 s... at most a minute. The step is retried, never skipped. */
export const backoffMs = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));

/**
 * Watches each configured EVM network for transfers of its token to users' own addresses (the leader's job).
 * A step per network: read the head; read the token's Transfer logs from the last `confirmations` blocks below the
 * cursor (seen again, so a replaced block's new transfers are found) up to the head; record the ones to users'
 * addresses; credit those with enough confirmations whose block is still the chain's (its hash, not its number);
 * mark `replaced` those whose block is not; move the cursor. Every write is idempotent (unique on network + tx hash +
 * log index, credit only from `confirming`), so a step cut anywhere and run again credits nothing twice.
 */
export class ChainWatcher {
  private readonly clients = new Map<string, PublicClient>();
  private readonly decimals = new Map<string, number>();
  /** Per network: when the next attempt may run after a failure. */
  private readonly retryAt = new Map<string, number>();
  /** The networks this instance has stepped (it says so once, with the cursor it resumed from). */
  private readonly watching = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly env: ChainEnv,
    readonly deposits: DepositService,
    private readonly log?: FastifyBaseLogger,
    private readonly options: ChainWatcherOptions = {},
  ) {}

  /** Each watched network's cursor, head and lag in blocks (the back office's view; Prometheus's `chain_lag_blocks`). */
  status() {
    return chainStatus(this.db, this.env);
  }

  /** Another watcher on the same database and services: what a restarted process runs (tests give it hooks). */
  another(options: ChainWatcherOptions = {}): ChainWatcher {
    return new ChainWatcher(this.db, this.clock, this.env, this.deposits, this.log, options);
  }

  /** Runs while `isLeader()` says so, every `pollMs`, one pass at a time. */
  start(isLeader: () => boolean): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running || !isLeader()) return;
      this.running = this.runOnce().finally(() => (this.running = null));
    }, this.options.pollMs ?? 4_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over every watched network; a network that fails records its error and waits its backoff. */
  async runOnce(): Promise<void> {
    const config = await loadChainConfig(this.db, this.env);
    const networks = watchedNetworks(config);
    if (!networks.length) return;
    const key = watchOnlyKey(config.xpub);
    await this.fillAddresses(config.xpub, key);
    for (const network of networks) {
      const now = this.clock.now().getTime();
      if ((this.retryAt.get(network.network) ?? 0) > now) continue;
      try {
        await this.step(config.xpub, network);
        this.retryAt.delete(network.network);
      } catch (error) {
        const message = error instanceof Error ? (error.message.split("\n")[0] ?? "error").slice(0, 300) : String(error);
        // Recorded for the back office even before the network's first step (a cursor row without a head: not started).
        const [row] = await this.db
          .insert(chainCursors)
          .values({ network: network.network, tokenContract: network.token_contract.toLowerCase(), block: -1, error: message, errorAt: this.clock.now(), failures: 1 })
          .onConflictDoUpdate({ target: chainCursors.network, set: { error: message, errorAt: this.clock.now(), failures: sql`${chainCursors.failures} + 1` } })
          .returning({ failures: chainCursors.failures });
        this.retryAt.set(network.network, now + backoffMs(row?.failures ?? 1));
        this.log?.warn({ network: network.network, err: message }, "chain: watcher step failed, retrying with backoff");
      }
    }
  }

  /** Every user has an address on the current key: derived once, stored, matched by the watcher. */
  private async fillAddresses(xpub: string, key: ReturnType<typeof watchOnlyKey>): Promise<void> {
    for (;;) {
      const missing = (await this.db.execute(
        sql`SELECT u.id FROM ${userDirectory} u WHERE NOT EXISTS (SELECT 1 FROM chain_addresses a WHERE a.xpub = ${xpub} AND a.user_id = u.id) ORDER BY u.id LIMIT 2000`,
      )) as unknown as { rows: Array<{ id: unknown }> };
      const ids = missing.rows.map((r) => Number(r.id));
      if (!ids.length) return;
      const values: Array<{ xpub: string; userId: number; address: string }> = [];
      for (const userId of ids) {
        values.push({ xpub, userId, address: depositAddressOf(key, userId).toLowerCase() });
        // A derivation takes about 2 ms: the first pass over many users yields now and then, so requests, sockets
        // and the RPC connections are served meanwhile.
        if (values.length % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await this.db.insert(chainAddresses).values(values).onConflictDoNothing();
      if (ids.length < 2000) return;
    }
  }

  private client(url: string): PublicClient {
    let client = this.clients.get(url);
    if (!client) {
      // viem's own retries stay off: a failure goes to the watcher's backoff, recorded where the operator sees it.
      client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 15_000 }) }) as PublicClient;
      this.clients.set(url, client);
    }
    return client;
  }

  private async tokenDecimals(client: PublicClient, network: ChainNetwork): Promise<number> {
    const id = `${network.rpc_url}|${network.token_contract.toLowerCase()}`;
    let decimals = this.decimals.get(id);
    if (decimals === undefined) {
      decimals = Number(await client.readContract({ address: network.token_contract as `0x${string}`, abi: [DECIMALS], functionName: "decimals" }));
      this.decimals.set(id, decimals);
    }
    return decimals;
  }

  private async step(xpub: string, network: ChainNetwork): Promise<void> {
    const client = this.client(network.rpc_url);
    const token = network.token_contract.toLowerCase();
    const decimals = await this.tokenDecimals(client, network);
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    let [cursor] = await this.db.select().from(chainCursors).where(eq(chainCursors.network, network.network));
    if (!cursor || cursor.tokenContract !== token || cursor.head === null) {
      // A new network (or a new token on it) starts below the head it first sees.
      const start = Math.max(-1, head - (this.options.startDepth ?? 1000));
      [cursor] = await this.db
        .insert(chainCursors)
        .values({ network: network.network, tokenContract: token, block: start, head })
        .onConflictDoUpdate({ target: chainCursors.network, set: { tokenContract: token, block: start, head, error: null, failures: 0 } })
        .returning();
    }
    if (!this.watching.has(network.network)) {
      this.watching.add(network.network);
      this.log?.info({ network: network.network, cursor: cursor.block, head }, `chain: this process watches ${network.network} from block ${cursor.block + 1}`);
    }
    // A head below what was already read is a node that lies or has not synced: wait, never skip.
    if (head < cursor.block) throw new Error(`the node's head ${head} is below the cursor ${cursor.block}`);
    const from = Math.max(0, cursor.block + 1 - network.confirmations);
    const to = Math.min(head, cursor.block + (this.options.maxRange ?? 2000));
    const { min } = (await loadFundingConfig(this.db)).deposit;
    for (let start = from; start <= to; start += this.options.maxRange ?? 2000) {
      const end = Math.min(to, start + (this.options.maxRange ?? 2000) - 1);
      const logs = await client.getLogs({ address: network.token_contract as `0x${string}`, event: TRANSFER, fromBlock: BigInt(start), toBlock: BigInt(end), strict: true });
      await this.record(xpub, network, token, decimals, min, head, logs);
    }
    await this.confirm(client, network, head);
    await this.options.beforeCursor?.(network.network);
    await this.db
      .update(chainCursors)
      .set({ block: to, head, error: null, failures: 0, updatedAt: this.clock.now() })
      .where(eq(chainCursors.network, network.network));
  }

  /** The transfers to users' addresses, recorded once (a re-read finds them; one in a replaced block is moved to its new block). */
  private async record(
    xpub: string,
    network: ChainNetwork,
    token: string,
    decimals: number,
    min: string,
    head: number,
    logs: Array<{ address: string; transactionHash: string | null; logIndex: number | null; blockNumber: bigint | null; blockHash: string | null; args: { to: string; value: bigint } }>,
  ): Promise<void> {
    // Another contract's Transfer (a fake token of the same symbol) is never a deposit.
    const ours = logs.filter((l) => l.address.toLowerCase() === token && l.args.value > 0n && l.transactionHash && l.blockHash && l.blockNumber !== null && l.logIndex !== null);
    if (!ours.length) return;
    const recipients = [...new Set(ours.map((l) => l.args.to.toLowerCase()))];
    const owners = new Map<string, number>();
    for (let i = 0; i < recipients.length; i += 5000) {
      const rows = await this.db
        .select({ userId: chainAddresses.userId, address: chainAddresses.address })
        .from(chainAddresses)
        .where(and(eq(chainAddresses.xpub, xpub), inArray(chainAddresses.address, recipients.slice(i, i + 5000))));
      for (const r of rows) owners.set(r.address, r.userId);
    }
    const now = this.clock.now();
    const values = ours.flatMap((l) => {
      const userId = owners.get(l.args.to.toLowerCase());
      if (userId === undefined) return [];
      const amount = formatUnits(l.args.value, decimals);
      const block = Number(l.blockNumber);
      const confirmations = Math.max(0, head - block + 1);
      return [
        {
          userId,
          currency: "USDT",
          network: network.network,
          address: l.args.to.toLowerCase(),
          amount,
          source: "chain" as const,
          status: money(amount).lt(min) ? ("below_minimum" as const) : ("confirming" as const),
          txHash: l.transactionHash!.toLowerCase(),
          logIndex: l.logIndex!,
          block,
          blockHash: l.blockHash!.toLowerCase(),
          confirmations,
          createdAt: now,
        },
      ];
    });
    for (let i = 0; i < values.length; i += 1000) {
      const inserted = await this.db
        .insert(deposits)
        .values(values.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [deposits.network, deposits.txHash, deposits.logIndex],
          targetWhere: sql`source = 'chain'`,
          set: { block: sql`excluded.block`, blockHash: sql`excluded.block_hash`, status: sql`excluded.status`, confirmations: sql`excluded.confirmations` },
          // Only a transfer not yet credited moves: into the block it is now in (after a reorganisation).
          setWhere: sql`${deposits.status} = 'replaced' OR (${deposits.status} = 'confirming' AND ${deposits.blockHash} <> excluded.block_hash)`,
        })
        .returning({ id: deposits.id, userId: deposits.userId, status: deposits.status, confirmations: deposits.confirmations });
      for (const row of inserted) void this.deposits.announce(row.userId, { kind: "deposit", id: row.id, status: row.status, confirmations: row.confirmations ?? 0 });
    }
  }

  /** The recorded transfers still confirming: credited at the count if their block is still the chain's, else replaced. */
  private async confirm(client: PublicClient, network: ChainNetwork, head: number): Promise<void> {
    const open = await this.db
      .select({ id: deposits.id, userId: deposits.userId, block: deposits.block, blockHash: deposits.blockHash, confirmations: deposits.confirmations })
      .from(deposits)
      .where(and(eq(deposits.source, "chain"), eq(deposits.network, network.network), eq(deposits.status, "confirming")));
    if (!open.length) return;
    const blocks = [...new Set(open.map((r) => r.block!))].filter((b) => b <= head);
    const hashes = new Map<number, string>();
    for (let i = 0; i < blocks.length; i += 20) {
      await Promise.all(
        blocks.slice(i, i + 20).map(async (number) => {
          const block = await client.getBlock({ blockNumber: BigInt(number) });
          hashes.set(number, block.hash!.toLowerCase());
        }),
      );
    }
    const replaced: Array<{ id: number; userId: number }> = [];
    const due: number[] = [];
    const counting = new Map<number, Array<{ id: number; userId: number }>>();
    for (const row of open) {
      const canonical = hashes.get(row.block!);
      // A block above the head, or with another hash, is not (or no longer) the chain's.
      if (canonical !== row.blockHash) {
        replaced.push(row);
        continue;
      }
      const confirmations = head - row.block! + 1;
      if (confirmations >= network.confirmations) due.push(row.id);
      else if (confirmations !== row.confirmations) {
        const list = counting.get(confirmations) ?? [];
        list.push({ id: row.id, userId: row.userId });
        counting.set(confirmations, list);
      }
    }
    if (replaced.length) {
      await this.db
        .update(deposits)
        .set({ status: "replaced" })
        .where(
          and(
            inArray(
              deposits.id,
              replaced.map((r) => r.id),
            ),
            eq(deposits.status, "confirming"),
          ),
        );
      for (const row of replaced) void this.deposits.announce(row.userId, { kind: "deposit", id: row.id, status: "replaced" });
    }
    for (const [confirmations, rows] of counting) {
      await this.db
        .update(deposits)
        .set({ confirmations })
        .where(
          and(
            inArray(
              deposits.id,
              rows.map((r) => r.id),
            ),
            eq(deposits.status, "confirming"),
          ),
        );
      for (const row of rows) void this.deposits.announce(row.userId, { kind: "deposit", id: row.id, status: "confirming", confirmations });
    }
    if (due.length) await this.deposits.creditTransfers(due, network.confirmations);
  }
}

/** The back office's view of each watched network: cursor, head, lag and the last failure. */
export async function chainStatus(db: Db, env: ChainEnv) {
  const networks = watchedNetworks(await loadChainConfig(db, env));
  const cursors = await db.select().from(chainCursors);
  return {
    list: networks.map((n) => {
      const c = cursors.find((r) => r.network === n.network && r.tokenContract === n.token_contract.toLowerCase());
      const head = c?.head ?? null;
      return {
        network: n.network,
        token_contract: n.token_contract,
        confirmations: n.confirmations,
        cursor: c ? c.block : null,
        head,
        lag: c && head !== null ? Math.max(0, head - c.block) : null,
        failures: c?.failures ?? 0,
        error: c?.error ?? null,
        error_at: c?.errorAt ? toSeconds(c.errorAt) : null,
        updated_at: c ? toSeconds(c.updatedAt) : null,
      };
    }),
  };
}
