import type { CountrySwitches } from "../kyc";
import type { MarketModule } from "../market";
import type { MoneyModule } from "../money";
import type { AppContext } from "../platform/context";
import type { UserNotifier } from "../platform/notify";
import type { TriggerRunner } from "../triggers";
import { positionsRoutes } from "./positions.routes";
import { PositionsAdmin } from "./positions.admin";
import { PositionsCommands } from "./positions.commands";
import { PositionsQueries } from "./positions.queries";
import { PositionsSettlement } from "./positions.settlement";
import type { PositionsDeps } from "./positions.shared";

export interface PositionsModule {
  commands: PositionsCommands;
  settlement: PositionsSettlement;
  queries: PositionsQueries;
  admin: PositionsAdmin;
  /** The leader's periodic work: the nightly swaps (idempotent; run often). Margin warnings are triggers. */
  runJobs(nowMs: number): Promise<void>;
}

/** Swaps are charged for the last 21:00 UTC a position was held through. */
export const lastSwapCutoff = (nowMs: number): number => {
  const cutoff = new Date(nowMs);
  cutoff.setUTCHours(21, 0, 0, 0);
  return cutoff.getTime() <= nowMs ? cutoff.getTime() : cutoff.getTime() - 86_400_000;
};

/** Leveraged positions: service, routes, its trigger source, and the withdrawal rule "no open position". */
export function registerPositions(
  ctx: AppContext,
  deps: {
    market: MarketModule;
    money: MoneyModule;
    notifier: UserNotifier;
    triggers: TriggerRunner;
    switches: CountrySwitches;
    hasBankCard: (userId: number) => Promise<boolean>;
  },
): PositionsModule {
  const shared: PositionsDeps = {
    db: ctx.db,
    clock: ctx.clock,
    pairs: deps.market.pairs,
    prices: deps.market.prices,
    notifier: deps.notifier,
    triggers: deps.triggers,
    hasBankCard: deps.hasBankCard,
    switches: deps.switches,
    publish: (userId, position) => deps.market.publishToUser(userId, "positions", position),
    publishMany: (list) => deps.market.publishToUsers("positions", list.map(({ userId, position }) => ({ userId, data: position }))),
  };
  const queries = new PositionsQueries(shared);
  const settlement = new PositionsSettlement(shared, queries);
  const commands = new PositionsCommands(shared, settlement);
  const admin = new PositionsAdmin(shared, queries);
  deps.triggers.register(settlement);
  positionsRoutes(ctx, { commands, queries, admin });
  deps.money.withdrawalGuards.register(async (db, userId) => ((await queries.hasLive(db, userId)) ? "OPEN_LEVER_TRADE" : null));
  return {
    commands,
    settlement,
    queries,
    admin,
    async runJobs(nowMs) {
      // Oldest first, so nights missed while no leader ran are each charged once, in order (a week back at most).
      const last = lastSwapCutoff(nowMs);
      for (let night = 6; night >= 0; night--) await settlement.chargeSwaps(last - night * 86_400_000);
    },
  };
}
