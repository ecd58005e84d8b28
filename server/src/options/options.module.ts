import type { CountrySwitches } from "../kyc";
import type { MarketModule } from "../market";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { optionsRoutes } from "./options.routes";
import { OptionsService } from "./options.service";

export interface OptionsModule {
  service: OptionsService;
}

/** Timed options: service, routes, and its trigger source (one time trigger per open option). */
export function registerOptions(ctx: AppContext, deps: { market: MarketModule; notifier: UserNotifier; triggers: TriggerRunner; switches: CountrySwitches }): OptionsModule {
  const service = new OptionsService({
    db: ctx.db,
    clock: ctx.clock,
    market: deps.market.service,
    notifier: deps.notifier,
    triggers: deps.triggers,
    switches: deps.switches,
    publish: (userId, option) => deps.market.publishToUser(userId, "orders", option),
  });
  deps.triggers.register(service);
  optionsRoutes(ctx, service);
  return { service };
}
