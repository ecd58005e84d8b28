import { alerts } from "../../contract";
import type { AppContext } from "../platform/context";
import type { AlertsService } from "./alerts.service";

export function alertsRoutes(ctx: AppContext, service: AlertsService): void {
  const { api } = ctx;
  api.route(alerts.add, ({ user, input }) => service.add(user.id, input));
  api.route(alerts.list, ({ user, input }) => service.list(user.id, input));
  api.route(alerts.remove, ({ user, input }) => service.remove(user.id, input.id));
  api.route(alerts.pause, ({ user, input }) => service.pause(user.id, input.id, input.paused));
}
