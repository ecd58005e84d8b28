import type { AppContext } from "../platform/context";
import { proofRoutes } from "./proof.routes";
import { ProofService } from "./proof.service";

export interface ProofModule {
  service: ProofService;
  /** The leader's periodic work: the day's snapshot once, at or after 00:00 UTC. */
  runJobs(nowMs: number): Promise<void>;
}

/** Proof of liabilities: snapshots, the public roots, each user's paths, liabilities against reserves. */
export function registerProof(ctx: AppContext): ProofModule {
  const service = new ProofService({ db: ctx.db, clock: ctx.clock });
  proofRoutes(ctx, service);
  return { service, runJobs: (nowMs) => service.runDaily(nowMs) };
}
