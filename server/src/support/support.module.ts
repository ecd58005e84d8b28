import type { SupportMessage } from "../../contract/support";
import type { AppContext } from "../platform/context";
import { supportRoutes } from "./support.routes";
import { SupportService } from "./support.service";

export interface SupportModule {
  service: SupportService;
}

/** Customer-service chat: the user's conversation, the operators' desk; new messages go out on the `support` channel. */
export function registerSupport(ctx: AppContext, deps: { publish(userId: number, message: SupportMessage): void }): SupportModule {
  const service = new SupportService({ db: ctx.db, clock: ctx.clock, maxBytes: ctx.config.UPLOAD_MAX_BYTES, publish: deps.publish });
  supportRoutes(ctx, service);
  return { service };
}
