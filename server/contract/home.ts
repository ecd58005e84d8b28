import { z } from "zod";
import { call } from "./define";
import { info } from "./auth";
import { newsList, unreadCount } from "./content";
import { quotations } from "./market";
import { messages } from "./support";
import { list } from "./wallet";

/**
 * The signed-in home's first data in one round trip (issue 16). Each part is exactly the answer of its own call,
 * so the client files it under that call's SWR key and no screen asks for it again:
 * `user` = `user/info`, `wallets` = `wallet/list`, `unread` = `user/usermessage_unread`,
 * `notices` = `news/list` with `HOME_NOTICE_QUERY` (constants.ts), `quotations` = `currency/quotation_new` (every kind),
 * `support` = `support/messages` (the tab bar's badge of unread replies).
 */
export const firstData = call({
  method: "GET",
  path: "user/home",
  access: "user",
  summary: "The signed-in home's first data at once: user, wallets, unread count, newest notice, quotations, support conversation (each the answer of its own call)",
  tags: ["home"],
  input: z.object({}),
  output: z.object({
    user: info.output,
    wallets: list.output,
    unread: unreadCount.output,
    notices: newsList.output,
    quotations: quotations.output,
    support: messages.output,
  }),
});
