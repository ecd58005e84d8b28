import type { FastifyInstance } from "fastify";
import type { AppContext } from "../platform/context";
import { contentRoutes } from "./content.routes";
import type { FactSource } from "./facts";
import { imageRoute } from "./images";
import { InboxService, type Notifier } from "./inbox.service";
import { NewsService } from "./news.service";
import { PagesService } from "./pages.service";
import { seedShippedTranslations } from "./shipped";

export interface ContentOptions {
  /** The figures texts may quote as `{placeholders}` (`app.ts` passes funding's rules); none by default. */
  facts?: FactSource;
}

export interface ContentModule {
  /** For other domains: `notifier.notifyUser(tx, userId, { title, body })` inside their transaction. */
  notifier: Notifier;
  news: NewsService;
  inbox: InboxService;
  pages: PagesService;
}

const noFacts: FactSource = async () => ({});

/** News and notices, personal messages, documents, the FAQ and the support contact: services and routes. */
export function registerContent(ctx: AppContext, app: FastifyInstance, options: ContentOptions = {}): ContentModule {
  const facts = options.facts ?? noFacts;
  const news = new NewsService(ctx.db, ctx.clock, ctx.bus, facts);
  const inbox = new InboxService(ctx.db, ctx.clock, ctx.bus, ctx.translator, facts, ctx.events);
  const pages = new PagesService(ctx.db, ctx.clock, facts);
  contentRoutes(ctx, { news, inbox, pages });
  imageRoute(app, ctx.db);
  // The shipped notice, news and FAQ get their versions in every language before the server answers (idempotent).
  app.addHook("onReady", () => seedShippedTranslations(ctx.db));
  return { notifier: inbox, news, inbox, pages };
}
