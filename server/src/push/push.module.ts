import type { SessionService } from "../auth";
import type { AppContext } from "../platform/context";
import { PUSH_SCREENS } from "../../contract/push-kinds";
import { notifications } from "../../contract/notifications";
import { pushRoutes } from "./push.routes";
import { PushService } from "./push.service";

export interface PushModule {
  service: PushService;
  /** A reply of customer service reached the user's conversation (committed). */
  supportReplied(userId: number, messageId: number): void;
  /** The leader's tidying of subscriptions whose session ran out. */
  runJobs(): Promise<void>;
}

/**
 * Web Push: the user's calls, the sender, and what it subscribes to: committed notices (one place for every
 * domain's decisions and fills), support replies, and sessions that end (their devices' subscriptions go with them).
 */
export function registerPush(ctx: AppContext, deps: { sessions: SessionService }): PushModule {
  const service = new PushService({ db: ctx.db, clock: ctx.clock, config: ctx.config, sessions: deps.sessions, events: ctx.events, log: ctx.log });
  pushRoutes(ctx, service);
  // A session that ended takes its devices' subscriptions with it (auth's `sessions.ended`).
  ctx.events.on("sessions.ended", ({ sessionIds }) => service.dropSessions(sessionIds));
  // Committed notices that carry a push (the content domain's `notices.pushable`).
  ctx.events.on("notices.pushable", ({ notices }) => service.sendMany(notices.map((n) => ({ userId: n.userId, message: { kind: n.push.kind, title: n.title, body: n.body, url: n.push.url, ...(n.push.id === undefined ? {} : { id: n.push.id }) } }))));
  let lastTidy = 0;
  return {
    service,
    supportReplied(userId, messageId) {
      service.send(userId, {
        kind: "support",
        inLanguage: (lang) => ({
          kind: "support",
          title: ctx.translator.t(lang, notifications.SUPPORT_REPLY_TITLE.key),
          body: ctx.translator.t(lang, notifications.SUPPORT_REPLY_BODY.key),
          url: PUSH_SCREENS.support,
          id: messageId,
        }),
      });
    },
    async runJobs() {
      // Hourly is plenty: an ended session's subscription is also skipped (and dropped) when a push is sent.
      const now = ctx.clock.now().getTime();
      if (now - lastTidy < 3_600_000) return;
      lastTidy = now;
      await service.dropExpired();
    },
  };
}
