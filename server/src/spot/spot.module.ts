import type { MarketModule } from "../market";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { spotRoutes } from "./spot.routes";
import { SpotService } from "./spot.service";

export interface SpotModule {
  service: SpotService;
}

/** Spot trading: service, routes, and its trigger source (`spot`) in the shared trigger book. */
export function registerSpot(ctx: AppContext, deps: { market: MarketModule; notifier: UserNotifier; triggers: TriggerRunner }): SpotModule {
  const service = new SpotService({
    db: ctx.db,
    clock: ctx.clock,
    market: deps.market.service,
    notifier: deps.notifier,
    triggers: deps.triggers,
    publish: (userId, order) => deps.market.publishToUser(userId, "orders", order),
  });
  deps.triggers.register(service);
  spotRoutes(ctx, service);
  return { service };
}
