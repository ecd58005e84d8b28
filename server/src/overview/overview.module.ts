import { backoffice, FEED_STALE_MS } from "../../contract";
import type { SetupItemKey } from "../../contract/backoffice";
import type { ContentModule } from "../content";
import type { EarnQueries } from "../earn";
import type { DepositService, WithdrawalService } from "../funding";
import type { KycService } from "../kyc";
import type { LoansAdmin } from "../loans";
import type { MarketPairs, MarketPrices } from "../market";
import type { ProofService } from "../proof";
import type { ReferralService } from "../referral";
import type { PushService } from "../push";
import type { AppContext } from "../platform/context";
import type { Metrics } from "../platform/metrics";
import type { SupportModule } from "../support";

export interface OverviewSources {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  kyc: KycService;
  loans: LoansAdmin;
  support: SupportModule["service"];
  pages: ContentModule["pages"];
  market: MarketPrices;
  pairs: MarketPairs;
  earn: EarnQueries;
  proof: ProofService;
  referral: ReferralService;
  push: PushService;
}

/**
 * The back office's landing page: how many items wait in each queue and what a fresh install still lacks. Each
 * domain counts its own rows (a small method on its service); this domain only puts the answers side by side.
 */
export function registerOverview(ctx: AppContext, sources: OverviewSources): void {
  ctx.api.route(backoffice.overview, () => composeOverview(sources));
}

async function composeOverview(s: OverviewSources) {
  const [deposits, withdrawals, kyc, loans, supportChats, depositsOpen, hasSupportContact, unpublished, earnOpen, reservesDeclared, rewardChosen, pushDevices] = await Promise.all([
    s.deposits.pendingCount(),
    s.withdrawals.pendingCount(),
    s.kyc.pendingCount(),
    s.loans.pendingCount(),
    s.support.unreadChatCount(),
    s.deposits.acceptsDeposits(),
    s.pages.hasSupportContact(),
    s.pages.unpublishedDocuments(),
    s.earn.hasOpenProduct(),
    s.proof.hasReserves(),
    s.referral.rewardChoice(),
    s.push.deviceCount(),
  ]);
  // Each item is something the code refuses on a fresh install until an operator sets it.
  const setup: Array<{ key: SetupItemKey; done: boolean; missing: string[]; amount?: { value: string; currency: string } }> = [
    { key: "deposit_addresses", done: depositsOpen, missing: [] },
    { key: "support_contact", done: hasSupportContact, missing: [] },
    { key: "documents", done: unpublished.length === 0, missing: unpublished },
    { key: "earn_products", done: earnOpen, missing: [] },
    // Not refused, but unsaid: the trust page shows no reserves, and invitations pay the default reward until chosen.
    { key: "proof_reserves", done: reservesDeclared, missing: [] },
    // `missing` keeps its text for older pages; `amount` is the figure the page formats.
    rewardChosen.chosen
      ? { key: "referral_reward", done: true, missing: [] }
      : { key: "referral_reward", done: false, missing: [`${rewardChosen.amount} ${rewardChosen.currency}`], amount: { value: rewardChosen.amount, currency: rewardChosen.currency } },
  ];
  return {
    counts: { deposits, withdrawals, kyc, loans, support_chats: supportChats, stale_pairs: s.market.stalePairCount(FEED_STALE_MS), push_devices: pushDevices },
    setup,
  };
}

/** What the metrics read besides the review queues: process roles and the engines' state. */
export interface OverviewGauges {
  isLeader: () => boolean;
  triggerBookSize: () => number;
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** The chain watcher's lag per watched network (blocks between the node's head and what it has read). */
  chainLag?: () => Promise<{ list: Array<{ network: string; lag: number | null }> }>;
}

/**
 * The same figures for Prometheus (`tradewise_*`), read at each scrape: the review queues with their oldest item's
 * age, each pair's tick age, the leader, the trigger book, the chain watcher's lag and the database pool.
 */
export function registerOverviewMetrics(metrics: Metrics, s: Pick<OverviewSources, "deposits" | "withdrawals" | "kyc" | "loans" | "market" | "pairs">, g: OverviewGauges, now: () => number): void {
  // Both queue gauges read the same counts: one query of each queue per scrape.
  const queues = metrics.perScrape(async () => {
    const [deposits, withdrawals, kyc, loans] = await Promise.all([s.deposits.pendingQueue(), s.withdrawals.pendingQueue(), s.kyc.pendingQueue(), s.loans.pendingQueue()]);
    return { deposits, withdrawals, kyc, loans };
  });
  metrics.gauge("review_queue", "Items waiting for an operator's review, by queue", ["queue"], async (set) => {
    for (const [queue, { count }] of Object.entries(await queues())) set({ queue }, count);
  });
  metrics.gauge("review_queue_oldest_seconds", "Age of the oldest item waiting in each review queue (0 when empty)", ["queue"], async (set) => {
    for (const [queue, { oldest }] of Object.entries(await queues())) set({ queue }, oldest ? Math.max(0, (now() - oldest.getTime()) / 1000) : 0);
  });
  metrics.gauge("tick_age_seconds", "Age of each listed pair's last tick (from the venue's own time)", ["symbol"], (set) => {
    for (const { symbol } of s.pairs.all()) {
      const age = s.market.tickAgeMs(symbol);
      if (age !== null) set({ symbol }, age / 1000);
    }
  });
  // The venues are the deployment's configured few (bounded labels); the leader counts, every process reports its last update.
  metrics.countedElsewhere("feed_reconnects_total", "Reconnects of each price venue's stream since its feed started", ["venue"], (set) => {
    for (const { venue, reconnects } of s.market.venueReconnects()) set({ venue }, reconnects);
  });
  metrics.gauge("feed_tick_age_seconds", "Age of each price venue's latest trade or price (from the venue's own time)", ["venue"], (set) => {
    for (const { venue, ageMs } of s.market.venueTickAges()) set({ venue }, ageMs / 1000);
  });
  metrics.gauge("leader", "1 in the process that runs the engines (the feed, the trigger book, the jobs)", [], (set) => set({}, g.isLeader() ? 1 : 0));
  metrics.gauge("trigger_book_size", "Levels waiting in the trigger book of this process (0 outside the leader)", [], (set) => set({}, g.triggerBookSize()));
  const chainLag = g.chainLag;
  if (chainLag) {
    metrics.gauge("chain_lag_blocks", "Blocks between each watched network's head and what the chain watcher has read (absent before its first step)", ["network"], async (set) => {
      for (const { network, lag } of (await chainLag()).list) if (lag !== null) set({ network }, lag);
    });
  }
  const pool = g.poolStats;
  if (pool) {
    metrics.gauge("db_pool_connections", "PostgreSQL pool connections by state", ["state"], (set) => {
      const stats = pool();
      set({ state: "total" }, stats.total);
      set({ state: "idle" }, stats.idle);
      set({ state: "waiting" }, stats.waiting);
    });
  }
}
