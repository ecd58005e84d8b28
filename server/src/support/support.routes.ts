import * as support from "../../contract/support";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { SupportService } from "./support.service";

const DESK: OperatorRole[] = ["admin", "support"];

export function supportRoutes(ctx: AppContext, service: SupportService): void {
  const { api } = ctx;
  api.route(support.messages, ({ user }) => service.messages(user.id));
  api.route(support.send, ({ user, input, files }) => service.send(user.id, input, files), { rateLimit: { max: 30 } });
  api.route(support.read, ({ user }) => service.read(user.id));
  api.route(support.image, ({ user, input }) => service.image(user.id, input.id));

  api.route(support.backofficeChats, ({ input }) => service.chats(input), { roles: DESK });
  api.route(support.backofficeChat, ({ input }) => service.chat(input.user_id), { roles: DESK });
  api.route(support.backofficeRead, ({ input }) => service.operatorRead(input.user_id), { roles: DESK });
  api.route(support.backofficeReply, ({ operator, input }) => service.reply(operator.id, input.user_id, input.text), { roles: DESK });
  api.route(support.backofficeImage, ({ input }) => service.operatorImage(input.id), { roles: DESK });
}
