import type { MarketModule } from "../market";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { spotRoutes } from "./spot.routes";
import { SpotAdmin } from "./spot.admin";
import { SpotCommands } from "./spot.commands";
import { SpotQueries } from "./spot.queries";
import { SpotSettlement } from "./spot.settlement";
import type { SpotDeps } from "./spot.shared";

export interface SpotModule {
  commands: SpotCommands;
  settlement: SpotSettlement;
  queries: SpotQueries;
  admin: SpotAdmin;
}

/** Spot trading: service, routes, and its trigger source (`spot`) in the shared trigger book. */
export function registerSpot(ctx: AppContext, deps: { market: MarketModule; notifier: UserNotifier; triggers: TriggerRunner }): SpotModule {
  const shared: SpotDeps = {
    db: ctx.db,
    clock: ctx.clock,
    pairs: deps.market.pairs,
    prices: deps.market.prices,
    view: deps.market.view,
    notifier: deps.notifier,
    triggers: deps.triggers,
    publish: (userId, order) => deps.market.publishToUser(userId, "orders", order),
    publishMany: (list) => deps.market.publishToUsers("orders", list.map(({ userId, order }) => ({ userId, data: order }))),
  };
  const settlement = new SpotSettlement(shared);
  const commands = new SpotCommands(shared, settlement);
  const queries = new SpotQueries(shared);
  const admin = new SpotAdmin(shared);
  deps.triggers.register(settlement);
  spotRoutes(ctx, { commands, queries, admin });
  return { commands, settlement, queries, admin };
}
