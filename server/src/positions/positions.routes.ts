import { positions } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { PositionsService } from "./positions.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function positionsRoutes(ctx: AppContext, service: PositionsService): void {
  const { api } = ctx;
  api.route(positions.deal, ({ user, input }) => service.ticket(user.id, input.symbol));
  api.route(positions.submit, ({ user, input }) => service.submit(user.id, input));
  api.route(positions.cancel, ({ user, input }) => service.cancel(user.id, input.id));
  api.route(positions.setStop, ({ user, input }) => service.setStop(user.id, input));
  api.route(positions.close, ({ user, input }) => service.close(user.id, input.id));
  api.route(positions.closeAll, ({ user, input }) => service.closeAll(user.id, input));
  api.route(positions.myTrades, ({ user, input }) => service.list(user.id, input));

  // Read only, and the rules: no operator route opens, closes or prices one user's position.
  api.route(positions.backofficePositions, ({ input }) => service.adminList(input), { roles: READERS });
  api.route(positions.backofficeConfig, () => service.config(), { roles: READERS });
  api.route(positions.backofficeConfigSave, ({ operator, input }) => service.saveConfig(operator, input), { roles: ["admin"] });
}
