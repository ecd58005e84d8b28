import * as push from "../../contract/push";
import type { AppContext } from "../platform/context";
import type { PushService } from "./push.service";

export function pushRoutes(ctx: AppContext, service: PushService): void {
  const { api } = ctx;
  api.route(push.key, () => ({ public_key: service.keys.publicKey }));
  api.route(push.subscribe, ({ user, input }) => service.subscribe(user, input), { rateLimit: { max: 30 } });
  api.route(push.unsubscribe, ({ user, input }) => service.unsubscribe(user.id, input.endpoint));
  api.route(push.settings, ({ user }) => service.settings(user.id));
  api.route(push.saveSettings, ({ user, input }) => service.saveSettings(user.id, input.kinds));
}
