import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";

/** A job the leader runs periodically; it must be idempotent (it may run twice, or late after a leader change). */
export type LeaderJob = (nowMs: number) => Promise<void>;

/**
 * Periodic work of the engines that only the feed leader does (nightly swaps, margin warnings, payouts): each job
 * runs every `everyMs` while this process leads, one run at a time. Tests call `runOnce()` with the ManualClock.
 */
export class LeaderJobs {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly jobs: Array<{ name: string; job: LeaderJob }> = [];

  constructor(private readonly deps: { isLeader: () => boolean; clock: Clock; log?: FastifyBaseLogger; everyMs?: number }) {}

  add(name: string, job: LeaderJob): void {
    this.jobs.push({ name, job });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.everyMs ?? 10_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running || !this.deps.isLeader()) return;
    this.running = this.runOnce().finally(() => (this.running = null));
    await this.running;
  }

  /** Runs every job once now (a failing job is logged; the others still run). */
  async runOnce(): Promise<void> {
    const nowMs = this.deps.clock.now().getTime();
    for (const { name, job } of this.jobs) {
      try {
        await job(nowMs);
      } catch (error) {
        this.deps.log?.error({ err: error, job: name }, "leader job failed");
      }
    }
  }
}
