import { eq } from "drizzle-orm";
import type { MarketKind, MarketSource, Pair, TermChange, UpcomingTermChange } from "../../contract/market";
import { money } from "../ledger";
import { audit } from "../platform/audit";
import type { Bus } from "../platform/bus";
import type { Database } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import type { TermChanges } from "../terms";
import { PAIRS_TOPIC } from "./market-state";
import { marketPairs } from "./market.schema";
import type { MarketStore, PairRow } from "./market.store";
import { requireSoundPairRules } from "./pair-rules";

/**
 * The listed pairs as every process keeps them (reloaded when any process changes one, PAIRS_TOPIC), and their
 * administration: an operator's change of a pair's rules, the announced term changes applied when due or cancelled.
 * What a pair's prices say (fresh, tradable) is in market.prices.ts.
 */

export interface PairChange {
  symbol: string;
  trading?: boolean;
  price_precision?: number;
  quantity_step?: string;
  quantity_min?: string;
  quantity_max?: string;
  spread_rate?: string;
  reason?: string;
}

export class MarketPairs {
  private rows = new Map<string, PairRow>();
  /** Announced changes of each pair's terms that have not taken effect yet (terms/term-changes.ts), loaded with the pairs. */
  private upcomingBySymbol = new Map<string, UpcomingTermChange[]>();
  private readonly reloadListeners = new Set<() => void>();

  constructor(
    private readonly deps: {
      database: Database;
      store: MarketStore;
      bus: Bus;
      /** Announced term changes: scheduled, applied by the leader, cancelled (terms/term-changes.ts). */
      terms: TermChanges;
      /** Which source prices the pair (the wire's `source`). */
      sourceOf: (symbol: string) => MarketSource;
    },
  ) {}

  async reload(): Promise<void> {
    const [rows, upcoming] = await Promise.all([this.deps.store.pairs(), this.deps.terms.pendingBySymbol()]);
    this.rows = new Map(rows.map((r) => [r.symbol, r]));
    this.upcomingBySymbol = upcoming;
    for (const listener of this.reloadListeners) listener();
  }

  /** Called after each reload (the view drops the quotations it built from the old rows). */
  onReload(listener: () => void): () => void {
    this.reloadListeners.add(listener);
    return () => this.reloadListeners.delete(listener);
  }

  pair(symbol: string): PairRow | undefined {
    return this.rows.get(symbol);
  }

  /** The pair, or PAIR_NOT_FOUND. */
  requirePair(symbol: string): PairRow {
    const row = this.rows.get(symbol);
    if (!row) throw new DomainError("PAIR_NOT_FOUND");
    return row;
  }

  /** Every listed pair's row, in listing order. */
  all(): IterableIterator<PairRow> {
    return this.rows.values();
  }

  /** The pairs as the wire shows them. */
  list(filter: { symbol?: string; kind?: MarketKind } = {}): Pair[] {
    return [...this.rows.values()].filter((r) => (!filter.symbol || r.symbol === filter.symbol) && (!filter.kind || r.kind === filter.kind)).map((r) => this.pairOf(r));
  }

  /** Announced term changes: the spot, leveraged and options domains record their configurations' changes here too. */
  get terms(): TermChanges {
    return this.deps.terms;
  }

  /** The pair's announced changes that have not taken effect yet, earliest first (the tickets show them). */
  upcoming(symbol: string): UpcomingTermChange[] {
    return this.upcomingBySymbol.get(symbol) ?? [];
  }

  /** The leader's job: applies the announced changes whose time has come; every process reloads the pairs. */
  async applyDueTermChanges(nowMs: number): Promise<void> {
    const changed = await this.deps.terms.applyDue(nowMs);
    if (!changed.length) return;
    await this.reload();
    for (const symbol of changed) this.deps.bus.publish(PAIRS_TOPIC, { symbol });
  }

  /** Cancels an announced change before its time (audited and announced); every process reloads the pairs. */
  async cancelTermChange(operator: OperatorSession, input: { id: number; reason: string }): Promise<TermChange> {
    const cancelled = await this.deps.terms.cancel(operator.id, input.id, input.reason);
    await this.reload();
    if (cancelled.symbol) this.deps.bus.publish(PAIRS_TOPIC, { symbol: cancelled.symbol });
    return cancelled;
  }

  /**
   * An operator changes a pair's rules; audited, and every process reloads. The switch, precision and quantities
   * apply at once; a spread change goes through the notice rules (terms/term-changes.ts): a wider spread is announced and
   * waits for its time (the pair keeps its spread until then), a narrower one applies at once and is announced.
   */
  async updatePair(operator: OperatorSession, change: PairChange): Promise<Pair> {
    const before = this.requirePair(change.symbol);
    const spreadChanged = change.spread_rate !== undefined && !money(change.spread_rate).eq(before.spread_rate);
    const asked = {
      trading: change.trading ?? before.trading,
      price_precision: change.price_precision ?? before.price_precision,
      quantity_step: change.quantity_step ?? before.quantity_step,
      quantity_min: change.quantity_min ?? before.quantity_min,
      quantity_max: change.quantity_max ?? before.quantity_max,
      spread_rate: spreadChanged ? money(change.spread_rate!).toFixed() : before.spread_rate,
    };
    // The rules are checked as asked (a spread of 10 % is refused now, not at its effective time).
    requireSoundPairRules(asked);
    let announce: () => void = () => undefined;
    await this.deps.database.db.transaction(async (tx) => {
      let spreadNow = before.spread_rate;
      if (spreadChanged) {
        const recorded = await this.deps.terms.record(tx, { operatorId: operator.id, symbol: before.symbol, term: "spread_rate", from: before.spread_rate, to: asked.spread_rate, reason: change.reason ?? null });
        if (recorded.now) spreadNow = asked.spread_rate;
        announce = recorded.announce;
      }
      const next = { ...asked, spread_rate: spreadNow };
      const diff = Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => String(value) !== String(before[key as keyof typeof next]))
          .map(([key, value]) => [key, { from: before[key as keyof typeof next], to: value }]),
      );
      await tx
        .update(marketPairs)
        .set({
          trading: next.trading,
          pricePrecision: next.price_precision,
          quantityStep: next.quantity_step,
          quantityMin: next.quantity_min,
          quantityMax: next.quantity_max,
          spreadRate: next.spread_rate,
          updatedAt: new Date(),
        })
        .where(eq(marketPairs.symbol, change.symbol));
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "market.pair.update", targetKind: "pair", targetId: change.symbol, detail: { changes: diff, reason: change.reason ?? null } });
    });
    announce();
    await this.reload();
    this.deps.bus.publish(PAIRS_TOPIC, { symbol: change.symbol });
    return this.pairOf(this.requirePair(change.symbol));
  }

  private pairOf(row: PairRow): Pair {
    return {
      symbol: row.symbol,
      base: row.base,
      quote: row.quote,
      kind: row.kind,
      price_precision: row.price_precision,
      quantity_step: row.quantity_step,
      quantity_min: row.quantity_min,
      quantity_max: row.quantity_max,
      trading: row.trading,
      spread_rate: row.spread_rate,
      contract_size: row.contract_size,
      source: this.deps.sourceOf(row.symbol),
      upcoming: this.upcoming(row.symbol),
    };
  }
}
