import { positions } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { PositionsAdmin } from "./positions.admin";
import type { PositionsCommands } from "./positions.commands";
import type { PositionsQueries } from "./positions.queries";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function positionsRoutes(ctx: AppContext, { commands, queries, admin }: { commands: PositionsCommands; queries: PositionsQueries; admin: PositionsAdmin }): void {
  const { api } = ctx;
  api.route(positions.deal, ({ user, input }) => queries.ticket(user.id, input.symbol));
  api.route(positions.submit, ({ user, input }) => commands.submit(user.id, input));
  api.route(positions.cancel, ({ user, input }) => commands.cancel(user.id, input.id));
  api.route(positions.setStop, ({ user, input }) => commands.setStop(user.id, input));
  api.route(positions.close, ({ user, input }) => commands.close(user.id, input.id));
  api.route(positions.closeAll, ({ user, input }) => commands.closeAll(user.id, input));
  api.route(positions.myTrades, ({ user, input }) => queries.list(user.id, input));

  // Read only, and the rules: no operator route opens, closes or prices one user's position.
  api.route(positions.backofficePositions, ({ input }) => admin.adminList(input), { roles: READERS });
  api.route(positions.backofficeConfig, () => admin.config(), { roles: READERS });
  api.route(positions.backofficeConfigSave, ({ operator, input }) => admin.saveConfig(operator, input), { roles: ["admin"] });
}
