import { home, HOME_NOTICE_QUERY, type Language } from "../../contract";
import type { AuthService } from "../auth";
import type { ContentModule } from "../content";
import type { MarketView } from "../market";
import type { AppContext } from "../platform/context";
import type { SupportModule } from "../support";
import type { WalletService } from "../wallet";

/** The services that answer the home's own calls; this domain asks them and owns no table. */
export interface HomeSources {
  users: AuthService;
  wallets: WalletService;
  inbox: ContentModule["inbox"];
  news: ContentModule["news"];
  market: MarketView;
  support: SupportModule["service"];
}

/**
 * `user/home`: what the signed-in home shows first, in one round trip instead of one call per part. Each part is
 * read by the same service method its own route calls, so it cannot drift from that call's answer.
 */
export function registerHome(ctx: AppContext, sources: HomeSources): void {
  ctx.api.route(home.firstData, ({ user, lang }) => composeFirstData(ctx, sources, user.id, lang));
}

async function composeFirstData(ctx: AppContext, s: HomeSources, userId: number, lang: Language) {
  // The reads are independent: they run side by side (the quotations are the market's in-memory view).
  const [user, wallets, unread, notices, support] = await Promise.all([
    s.users.info(userId),
    s.wallets.list(userId),
    s.inbox.unread(ctx.db, userId, lang),
    s.news.list({ ...HOME_NOTICE_QUERY }, lang),
    s.support.messages(userId),
  ]);
  return { user, wallets, unread, notices, quotations: s.market.quotations(), support };
}
