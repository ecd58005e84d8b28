import type { CountrySwitches } from "../kyc";
import type { MarketModule } from "../market";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { optionsRoutes } from "./options.routes";
import { OptionsAdmin } from "./options.admin";
import { OptionsCommands } from "./options.commands";
import { OptionsQueries } from "./options.queries";
import { OptionsSettlement } from "./options.settlement";
import type { OptionsDeps } from "./options.shared";

export interface OptionsModule {
  commands: OptionsCommands;
  settlement: OptionsSettlement;
  queries: OptionsQueries;
  admin: OptionsAdmin;
}

/** Timed options: service, routes, and its trigger source (one time trigger per open option). */
export function registerOptions(ctx: AppContext, deps: { market: MarketModule; notifier: UserNotifier; triggers: TriggerRunner; switches: CountrySwitches }): OptionsModule {
  const shared: OptionsDeps = {
    db: ctx.db,
    clock: ctx.clock,
    pairs: deps.market.pairs,
    prices: deps.market.prices,
    notifier: deps.notifier,
    triggers: deps.triggers,
    switches: deps.switches,
    publish: (userId, option) => deps.market.publishToUser(userId, "orders", option),
    publishMany: (list) => deps.market.publishToUsers("orders", list.map(({ userId, option }) => ({ userId, data: option }))),
  };
  const commands = new OptionsCommands(shared);
  const settlement = new OptionsSettlement(shared);
  const queries = new OptionsQueries(shared);
  const admin = new OptionsAdmin(shared);
  deps.triggers.register(settlement);
  optionsRoutes(ctx, { commands, queries, admin });
  return { commands, settlement, queries, admin };
}
