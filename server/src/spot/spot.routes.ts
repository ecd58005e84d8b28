import { spot } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { SpotService } from "./spot.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function spotRoutes(ctx: AppContext, service: SpotService): void {
  const { api } = ctx;
  api.route(spot.trade, ({ user, input }) => service.trade(user.id, input));
  api.route(spot.cancel, ({ user, input }) => service.cancel(user.id, input.id));
  api.route(spot.list, ({ user, input }) => service.list(user.id, input));
  api.route(spot.ticketCall, ({ user, input }) => service.ticket(user.id, input.symbol));
  api.route(spot.accountCall, ({ user }) => service.account(user.id));

  // Read only, and the fee rates: no operator route places, fills, prices or cancels one user's order.
  api.route(spot.backofficeOrders, ({ input }) => service.adminList(input), { roles: READERS });
  api.route(spot.backofficeConfig, () => service.config(), { roles: READERS });
  api.route(spot.backofficeConfigSave, ({ operator, input }) => service.saveConfig(operator, input), { roles: ["admin"] });
}
