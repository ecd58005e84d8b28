import * as disclosures from "../../contract/disclosures";
import type { LossShareFamily } from "../../contract/disclosures";
import type { AppContext } from "../platform/context";
import { DisclosuresService, type NetResultsReader } from "./disclosures.service";

export interface DisclosuresModule {
  service: DisclosuresService;
}

/**
 * Honest disclosures: the public loss share per product family. The families' results are read by the domains that
 * settle them (handed in by `app.ts`), so this domain depends on none of them.
 */
export function registerDisclosures(ctx: AppContext, deps: { families: Record<LossShareFamily, NetResultsReader> }): DisclosuresModule {
  const service = new DisclosuresService({ clock: ctx.clock, families: deps.families });
  ctx.api.route(disclosures.lossShare, () => service.lossShare());
  return { service };
}
