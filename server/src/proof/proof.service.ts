import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { MyProof, Reserve, RootView } from "../../contract/proof";
import { operatorNameOf } from "../backoffice";
import { ledgerReads, money, toWire } from "../ledger";
import { audit } from "../platform/audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import { getSetting, putSetting } from "../platform/settings";
import { buildTrees, commitmentOf, EMPTY_HASH, EMPTY_SUM, siblingAt, type PathStep, type ProofTree } from "./proof.engine";
import { proofLeaves, proofRoots, proofSnapshots, type SnapshotKind } from "./proof.schema";

/** Rows written per statement: each column travels as one joined text parameter (`string_to_array`). */
const BATCH = 20_000;
/** The leaves and levels of older snapshots are dropped (their roots stay in the history). */
const KEEP_PATHS_DAYS = 90;
export const RESERVES_KEY = "proof.reserves";
/**
 * A catch-up snapshot follows a balance the latest snapshot does not count at once when that snapshot counted nobody
 * (the platform's first funds), else once the latest is this old: a funded user sees a proof within the hour, and a
 * busy platform takes at most one extra snapshot an hour.
 */
export const CATCH_UP_AFTER_MS = 3_600_000;
/** How often the leader looks for such a balance (the leader's jobs run every 10 s). */
const CATCH_UP_CHECK_MS = 60_000;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How many levels above the leaves a tree of `leaves` leaves has. */
export function depthOf(leaves: number): number {
  let depth = 0;
  for (let n = leaves; n > 1; n = Math.ceil(n / 2)) depth++;
  return depth;
}

/**
 * Proof of liabilities: snapshots (one query reads every non-zero balance, the trees are built in memory, leaves and
 * levels written in a few statements, all in one transaction), the public roots, each user's paths, and the back
 * office's liabilities against the declared reserves.
 */
export class ProofService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Takes a snapshot now. `daily` is once per UTC day (a second run that day, or a racing leader, returns null and
   * writes nothing); an operator's is audited.
   */
  async take(kind: SnapshotKind, operatorId: number | null = null): Promise<{ id: number; ms: number } | null> {
    const started = Date.now();
    const now = this.deps.clock.now();
    const day = kind === "daily" ? utcDay(now.getTime()) : null;
    try {
      return await this.deps.db.transaction(async (tx) => {
        if (day) {
          const [done] = await tx.select({ id: proofSnapshots.id }).from(proofSnapshots).where(and(eq(proofSnapshots.kind, "daily"), eq(proofSnapshots.day, day)));
          if (done) return null;
        }
        const holdings = await ledgerReads.holdings(tx);
        const nonces = new Map<number, string>();
        const pool = randomBytes(16 * holdings.length);
        for (const h of holdings) if (!nonces.has(h.userId)) nonces.set(h.userId, pool.toString("hex", 16 * nonces.size, 16 * nonces.size + 16));
        const trees = buildTrees(holdings, (id) => nonces.get(id)!);
        const [row] = await tx
          .insert(proofSnapshots)
          .values({ kind, day, operatorId, users: nonces.size, durationMs: 0, takenAt: now })
          .returning({ id: proofSnapshots.id });
        for (const [currency, tree] of trees) await this.write(tx, row.id, currency, tree);
        const ms = Date.now() - started;
        await tx.update(proofSnapshots).set({ durationMs: ms }).where(eq(proofSnapshots.id, row.id));
        if (kind === "operator") {
          await audit(tx, { actorKind: "operator", actorId: operatorId, action: "proof.snapshot", targetKind: "proof_snapshot", targetId: row.id, detail: { users: nonces.size, currencies: [...trees.keys()] } });
        }
        return { id: row.id, ms };
      });
    } catch (error) {
      if (day && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  private async write(tx: Executor, snapshotId: number, currency: string, tree: ProofTree): Promise<void> {
    await tx.insert(proofRoots).values({ snapshotId, currency, root: tree.root, total: tree.total, leaves: tree.leaves.length });
    for (let from = 0; from < tree.leaves.length; from += BATCH) {
      const part = tree.leaves.slice(from, from + BATCH);
      await tx.execute(sql`
        INSERT INTO proof_leaves (snapshot_id, currency, idx, user_id, nonce, balance)
        SELECT ${snapshotId}, ${currency}, ${from} + t.ord - 1, t.u::bigint, t.n, t.b::numeric
        FROM unnest(string_to_array(${part.map((l) => l.userId).join(",")}, ','),
                    string_to_array(${part.map((l) => l.nonce).join(",")}, ','),
                    string_to_array(${part.map((l) => l.balance).join(",")}, ',')) WITH ORDINALITY AS t (u, n, b, ord)`);
    }
    for (const [level, nodes] of tree.levels.entries()) {
      await tx.execute(sql`
        INSERT INTO proof_levels (snapshot_id, currency, level, hashes, sums)
        VALUES (${snapshotId}, ${currency}, ${level}, decode(${nodes.hashes.join("")}, 'hex'), string_to_array(${nodes.sums.join(",")}, ','))`);
    }
  }

  /**
   * The leader's jobs: today's snapshot once (a late leader catches up), old paths pruned, and a catch-up snapshot
   * when a user holds a balance the latest snapshot does not count.
   */
  async runDaily(nowMs: number): Promise<void> {
    const [done] = await this.deps.db
      .select({ id: proofSnapshots.id })
      .from(proofSnapshots)
      .where(and(eq(proofSnapshots.kind, "daily"), eq(proofSnapshots.day, utcDay(nowMs))));
    if (done) return this.catchUp(nowMs);
    await this.take("daily");
    const cutoff = new Date(nowMs - KEEP_PATHS_DAYS * 86_400_000);
    await this.deps.db.execute(sql`DELETE FROM proof_leaves WHERE snapshot_id IN (SELECT id FROM proof_snapshots WHERE taken_at < ${cutoff})`);
    await this.deps.db.execute(sql`DELETE FROM proof_levels WHERE snapshot_id IN (SELECT id FROM proof_snapshots WHERE taken_at < ${cutoff})`);
  }

  private lastCatchUpCheck = Number.NEGATIVE_INFINITY;

  /** A snapshot now if some user's balance is missing from the latest one (see CATCH_UP_AFTER_MS). */
  private async catchUp(nowMs: number): Promise<void> {
    if (nowMs - this.lastCatchUpCheck < CATCH_UP_CHECK_MS && nowMs >= this.lastCatchUpCheck) return;
    this.lastCatchUpCheck = nowMs;
    const latest = await this.latest();
    if (latest && latest.users > 0 && nowMs - latest.takenAt.getTime() < CATCH_UP_AFTER_MS) return;
    const snapshotId = latest?.id ?? 0;
    const missing = await ledgerReads.anyBalanceOutside(
      this.deps.db,
      (userId, currency) => sql`EXISTS (SELECT 1 FROM proof_leaves l WHERE l.snapshot_id = ${snapshotId} AND l.user_id = ${userId} AND l.currency = ${currency})`,
    );
    if (missing) await this.take("catch_up");
  }

  private async latest(): Promise<{ id: number; takenAt: Date; users: number } | null> {
    const [row] = await this.deps.db
      .select({ id: proofSnapshots.id, takenAt: proofSnapshots.takenAt, users: proofSnapshots.users })
      .from(proofSnapshots)
      .orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id))
      .limit(1);
    return row ?? null;
  }

  private async rootsOf(snapshotIds: number[]) {
    if (!snapshotIds.length) return [];
    const found = await this.deps.db.select().from(proofRoots).where(inArray(proofRoots.snapshotId, snapshotIds)).orderBy(proofRoots.currency);
    return found.map((r) => ({ snapshotId: r.snapshotId, currency: r.currency, root: r.root, total: toWire(r.total), leaves: r.leaves }));
  }

  /** The latest snapshot's roots (public). */
  async root(): Promise<RootView> {
    const latest = await this.latest();
    if (!latest) return { at: null, currencies: [] };
    const roots = await this.rootsOf([latest.id]);
    return { at: seconds(latest.takenAt), currencies: roots.map(({ snapshotId: _, ...r }) => r) };
  }

  /** The user's leaves in the latest snapshot, each with its path (siblings read as slices of the stored levels). */
  async mine(userId: number): Promise<{ at: number | null; list: MyProof[] }> {
    const latest = await this.latest();
    if (!latest) return { at: null, list: [] };
    const leaves = await this.deps.db
      .select()
      .from(proofLeaves)
      .where(and(eq(proofLeaves.snapshotId, latest.id), eq(proofLeaves.userId, userId)))
      .orderBy(proofLeaves.currency);
    const roots = new Map((await this.rootsOf([latest.id])).map((r) => [r.currency, r]));
    const list: MyProof[] = [];
    for (const leaf of leaves) {
      const root = roots.get(leaf.currency)!;
      const depth = depthOf(root.leaves);
      const wanted = Array.from({ length: depth }, (_, level) => ({ level, ...siblingAt(leaf.idx, level) }));
      const found = depth
        ? await rows<{ level: number; hash: string; sum: string | null }>(
            this.deps.db,
            sql`SELECT l.level, encode(substring(l.hashes FROM v.idx * 32 + 1 FOR 32), 'hex') AS hash, l.sums[v.idx + 1] AS sum
                FROM proof_levels l
                JOIN unnest(string_to_array(${wanted.map((w) => w.level).join(",")}, ',')::int[],
                            string_to_array(${wanted.map((w) => w.index).join(",")}, ',')::int[]) AS v (level, idx) ON v.level = l.level
                WHERE l.snapshot_id = ${latest.id} AND l.currency = ${leaf.currency}`,
          )
        : [];
      const byLevel = new Map(found.map((r) => [Number(r.level), r]));
      const path: PathStep[] = wanted.map((w) => {
        const node = byLevel.get(w.level);
        const exists = node && node.hash && node.sum !== null;
        return { side: w.side, hash: exists ? node.hash : EMPTY_HASH, sum: exists ? node.sum! : EMPTY_SUM };
      });
      list.push({
        currency: leaf.currency,
        leaf: { commitment: commitmentOf(userId, leaf.nonce), balance: toWire(leaf.balance), user_id: userId, nonce: leaf.nonce },
        path,
        root: root.root,
        total: root.total,
      });
    }
    return { at: seconds(latest.takenAt), list };
  }

  /** Every snapshot with its roots, newest first (the back office's history). */
  async history(query: { page: number; limit: number }) {
    const [{ total }] = await rows<{ total: unknown }>(this.deps.db, sql`SELECT count(*) AS total FROM proof_snapshots`);
    const snaps = await this.deps.db
      .select({ id: proofSnapshots.id, takenAt: proofSnapshots.takenAt, kind: proofSnapshots.kind, operator: operatorNameOf(proofSnapshots.operatorId), users: proofSnapshots.users, durationMs: proofSnapshots.durationMs })
      .from(proofSnapshots)
      .orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const roots = await this.rootsOf(snaps.map((s) => s.id));
    return {
      total: Number(total),
      list: snaps.map((s) => ({
        id: s.id,
        at: seconds(s.takenAt),
        kind: s.kind,
        operator: s.operator,
        users: s.users,
        duration_ms: s.durationMs,
        currencies: roots.filter((r) => r.snapshotId === s.id).map(({ snapshotId: _, ...r }) => r),
      })),
    };
  }

  async reserves(): Promise<Reserve[]> {
    return (await getSetting<Reserve[]>(this.deps.db, RESERVES_KEY)) ?? [];
  }

  /** Whether the operator has declared any reserve (the trust page shows them beside the proven liabilities). */
  async hasReserves(): Promise<boolean> {
    return (await this.reserves()).length > 0;
  }

  /** Declares the reserves (replaces the list), audited with the list before and after. */
  async setReserves(operatorId: number, reserves: Reserve[]): Promise<{ reserves: Reserve[] }> {
    const clean = reserves.map((r) => ({ ...r, amount: toWire(r.amount) }));
    await this.deps.db.transaction(async (tx) => {
      const before = (await getSetting<Reserve[]>(tx, RESERVES_KEY)) ?? [];
      await putSetting(tx, RESERVES_KEY, clean);
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "proof.reserves", targetKind: "setting", targetId: RESERVES_KEY, detail: { before, after: clean } });
    });
    return { reserves: clean };
  }

  /** Liabilities per currency (users with a balance, available, frozen) against the declared reserves. */
  async liabilities() {
    const owed = await ledgerReads.liabilities(this.deps.db);
    const counts = await ledgerReads.holderCounts(this.deps.db);
    const reserves = await this.reserves();
    const latest = await this.latest();
    const snapshot = new Map((latest ? await this.rootsOf([latest.id]) : []).map((r) => [r.currency, r.total]));
    const currencies = new Set([...owed.map((o) => o.currency), ...reserves.map((r) => r.currency)]);
    const list = [...currencies].sort().map((currency) => {
      const o = owed.find((x) => x.currency === currency);
      const available = money(o?.available ?? 0);
      const frozen = money(o?.frozen ?? 0);
      const total = available.plus(frozen);
      const reserved = reserves.filter((r) => r.currency === currency).reduce((s, r) => s.plus(r.amount), money(0));
      return {
        currency,
        users: counts.get(currency) ?? 0,
        available: toWire(available),
        frozen: toWire(frozen),
        liabilities: toWire(total),
        snapshot_total: snapshot.get(currency) ?? null,
        reserves: toWire(reserved),
        coverage: total.isZero() ? null : toWire(reserved.div(total).toDecimalPlaces(4)),
      };
    });
    return { list, reserves };
  }
}
