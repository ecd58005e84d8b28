import type { MarketModule } from "../market";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { alertsRoutes } from "./alerts.routes";
import { AlertsService } from "./alerts.service";

export interface AlertsModule {
  service: AlertsService;
}

/** Price alerts: the calls and the trigger source `alerts` in the shared trigger book. */
export function registerAlerts(ctx: AppContext, deps: { market: MarketModule; notifier: UserNotifier; triggers: TriggerRunner }): AlertsModule {
  const service = new AlertsService({
    db: ctx.db,
    clock: ctx.clock,
    pairs: deps.market.pairs,
    prices: deps.market.prices,
    view: deps.market.view,
    notifier: deps.notifier,
    triggers: deps.triggers,
    publish: (list) => deps.market.publishToUsers("alerts", list.map(({ userId, alert }) => ({ userId, data: alert }))),
  });
  // Before the runner's own listener runs on a tick or after: a move's reference is an earlier tick either way.
  deps.market.prices.onTicks((ticks) => service.record(ticks));
  deps.triggers.register(service);
  alertsRoutes(ctx, service);
  return { service };
}
