import type { LossShareFamily, LossShareView } from "../../contract/disclosures";
import { toSeconds, type Clock } from "../platform/clock";
import { lossShareOf, type AccountNet } from "./loss-share.engine";

export const LOSS_SHARE_WINDOW_DAYS = 90;
/** Below this many accounts a family's share is not published ("not enough closed positions yet"). */
export const LOSS_SHARE_MIN_ACCOUNTS = 10;
/** How long a computed figure is served before the next request recomputes it (never a scan per request). */
export const LOSS_SHARE_TTL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Reads each account's net result over settlements between two times (both included). */
export type NetResultsReader = (fromMs: number, toMs: number) => Promise<AccountNet[]>;

/**
 * Disclosures computed from what was settled. The loss share is computed at most once per TTL per process (the
 * first request after it expires recomputes; concurrent requests share that one computation).
 */
export class DisclosuresService {
  private cached: { atMs: number; view: LossShareView } | null = null;
  private computing: Promise<LossShareView> | null = null;

  constructor(private readonly deps: { clock: Clock; families: Record<LossShareFamily, NetResultsReader>; ttlMs?: number }) {}

  async lossShare(): Promise<LossShareView> {
    const nowMs = this.deps.clock.now().getTime();
    if (this.cached && nowMs - this.cached.atMs < (this.deps.ttlMs ?? LOSS_SHARE_TTL_MS)) return this.cached.view;
    this.computing ??= this.compute(nowMs).finally(() => (this.computing = null));
    return this.computing;
  }

  /** Computes the figures as of `nowMs` and keeps them for the TTL. */
  async compute(nowMs: number): Promise<LossShareView> {
    const fromMs = nowMs - LOSS_SHARE_WINDOW_DAYS * DAY_MS;
    const entries = Object.entries(this.deps.families) as Array<[LossShareFamily, NetResultsReader]>;
    const families = await Promise.all(
      entries.map(async ([family, read]) => ({ family, ...lossShareOf(await read(fromMs, nowMs), LOSS_SHARE_MIN_ACCOUNTS) })),
    );
    const view: LossShareView = { window_days: LOSS_SHARE_WINDOW_DAYS, min_accounts: LOSS_SHARE_MIN_ACCOUNTS, computed_at: toSeconds(new Date(nowMs)), families };
    this.cached = { atMs: nowMs, view };
    return view;
  }
}
