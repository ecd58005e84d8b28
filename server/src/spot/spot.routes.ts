import { spot } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { SpotAdmin } from "./spot.admin";
import type { SpotCommands } from "./spot.commands";
import type { SpotQueries } from "./spot.queries";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function spotRoutes(ctx: AppContext, { commands, queries, admin }: { commands: SpotCommands; queries: SpotQueries; admin: SpotAdmin }): void {
  const { api } = ctx;
  api.route(spot.trade, ({ user, input }) => commands.trade(user.id, input));
  api.route(spot.oco, ({ user, input }) => commands.oco(user.id, input));
  api.route(spot.cancel, ({ user, input }) => commands.cancel(user.id, input.id));
  api.route(spot.list, ({ user, input }) => queries.list(user.id, input));
  api.route(spot.ticketCall, ({ user, input }) => queries.ticket(user.id, input.symbol));
  api.route(spot.accountCall, ({ user }) => queries.account(user.id));

  // Read only, and the fee rates: no operator route places, fills, prices or cancels one user's order.
  api.route(spot.backofficeOrders, ({ input }) => admin.adminList(input), { roles: READERS });
  api.route(spot.backofficeConfig, () => admin.config(), { roles: READERS });
  api.route(spot.backofficeConfigSave, ({ operator, input }) => admin.saveConfig(operator, input), { roles: ["admin"] });
}
