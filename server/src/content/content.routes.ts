import { content } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import { DomainError } from "../platform/errors";
import { saveImage } from "./images";
import type { InboxService } from "./inbox.service";
import type { NewsService } from "./news.service";
import type { PagesService } from "./pages.service";

/** Publishing, the FAQ and messages: admins and support. Legal documents and the support contact: admins. */
const EDITORS: OperatorRole[] = ["admin", "support"];
const ADMINS: OperatorRole[] = ["admin"];

export function contentRoutes(ctx: AppContext, services: { news: NewsService; inbox: InboxService; pages: PagesService }): void {
  const { api } = ctx;
  const { news, inbox, pages } = services;

  api.route(content.newsList, ({ input, lang }) => news.list(input, lang));
  api.route(content.newsDetail, ({ input, lang }) => news.detail(input.id, lang));
  api.route(content.document, ({ input, lang }) => pages.document(input.slug, lang));
  api.route(content.faq, ({ input, lang }) => pages.faq(lang, input));
  api.route(content.supportInfo, ({ lang }) => pages.supportFor(lang));

  api.route(content.userMessages, ({ user, input, lang }) => inbox.list(user.id, lang, input));
  api.route(content.unreadCount, ({ user, lang }) => inbox.unread(ctx.db, user.id, lang));
  api.route(content.markRead, ({ user, input, lang }) => inbox.markRead(user.id, lang, input));
  api.route(content.messageDetail, ({ user, input }) => inbox.detail(user.id, input.id));

  const bo = content.bo;
  api.route(bo.news, ({ input }) => news.boList(input), { roles: EDITORS });
  api.route(bo.saveNews, ({ operator, input }) => news.save(operator.id, input), { roles: EDITORS });
  api.route(bo.unpublishNews, ({ operator, input }) => news.unpublish(operator.id, input.id), { roles: EDITORS });
  api.route(bo.preview, ({ input }) => news.preview(input.html), { roles: EDITORS });
  api.route(bo.uploadImage, ({ operator, files }) => saveImage(ctx.db, files.image, ctx.config.UPLOAD_MAX_BYTES, operator.id), { roles: EDITORS });
  api.route(bo.documents, () => pages.boDocuments(), { roles: EDITORS });
  api.route(bo.saveDocument, ({ operator, input }) => pages.saveDocument(operator.id, input), { roles: ADMINS });
  api.route(bo.faq, ({ input }) => pages.boFaq(input.category), { roles: EDITORS });
  api.route(bo.saveFaq, ({ operator, input }) => pages.saveFaq(operator.id, input), { roles: EDITORS });
  api.route(
    bo.deleteFaq,
    async ({ operator, input }) => {
      await pages.deleteFaq(operator.id, input.id);
      return {};
    },
    { roles: EDITORS },
  );
  api.route(bo.support, () => pages.support(), { roles: EDITORS });
  api.route(bo.saveSupport, ({ operator, input }) => pages.saveSupport(operator.id, input), { roles: ADMINS });
  api.route(bo.messages, ({ input }) => inbox.sent(input), { roles: EDITORS });
  api.route(
    bo.sendMessage,
    ({ operator, input }) => {
      if (!input.user_id && !input.account) throw new DomainError("MISSING_PARAMETER");
      return inbox.send(operator.id, input);
    },
    { roles: EDITORS },
  );
}
