import { createECDH } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import tls from "node:tls";
import { and, eq, inArray, ne } from "drizzle-orm";
import webpush from "web-push";
import { defaultLanguage, languages, type Language } from "../../contract/constants";
import { PUSH_KINDS, type PushKind } from "../../contract/push-kinds";
import type { PushPayload } from "../../contract/push";
import { userRecords, type SessionService } from "../auth";
import type { Clock } from "../platform/clock";
import type { Config } from "../platform/config";
import { detached, type Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { Events } from "../platform/events";
import type { SessionUser } from "../platform/http";
import { pushSettings, pushSubscriptions, type PushSubscriptionRow } from "./push.schema";

/** The push services of the major browsers (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows' WNS). */
export const DEFAULT_PUSH_ORIGINS = [
  "https://fcm.googleapis.com",
  "https://android.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://*.push.services.mozilla.com",
  "https://web.push.apple.com",
  "https://*.push.apple.com",
  "https://*.notify.windows.com",
];

/** How long a push service keeps a message for an offline device: a warning is stale sooner than a decision. */
const TTL_SECONDS: Record<PushKind, number> = {
  fill: 3_600,
  close: 3_600,
  margin_warning: 900,
  option_result: 3_600,
  deposit: 86_400,
  withdrawal: 86_400,
  kyc: 86_400,
  loan: 86_400,
  support: 86_400,
  // A price is news for a while, not for a day.
  alert: 900,
};

/** Pushes sent at once, and the most waiting: a burst of settlements never holds more than this in memory. */
const CONCURRENCY = 4;
const QUEUE_MAX = 10_000;
const SEND_TIMEOUT_MS = 10_000;
/** A lock screen shows a few lines: the full text stays in the message centre. */
const BODY_MAX = 240;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: from the environment (several processes share it), else generated once into
 * `<DATA_DIR>/vapid.json` (0600): a browser's subscription is bound to the public key, so it must not change.
 */
export function vapidKeys(config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "DATA_DIR">): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = path.join(config.DATA_DIR, "vapid.json");
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const keys = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") throw new Error(`${file} must hold { publicKey, privateKey } (the VAPID keys)`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** An allowed origin: scheme https, a host (or `*.` + a domain: any subdomain of it), a port (443 when none). */
interface AllowedOrigin {
  host: string;
  wildcard: boolean;
  port: string;
}

export function allowedOrigins(list: string | undefined): AllowedOrigin[] {
  const entries = list ? list.split(",").map((s) => s.trim()).filter(Boolean) : DEFAULT_PUSH_ORIGINS;
  return entries.map((entry) => {
    const url = new URL(entry.replace("://*.", "://"));
    return { host: url.hostname.toLowerCase(), wildcard: entry.includes("://*."), port: url.port || "443" };
  });
}

/** Whether a push endpoint may be used: an https URL on an allowed origin, no credentials in it. */
export function endpointAllowed(endpoint: string, origins: readonly AllowedOrigin[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || "443";
  return origins.some((o) => o.port === port && (o.wildcard ? host.endsWith(`.${o.host}`) : host === o.host));
}

/** The browser's keys: a P-256 point the curve accepts (65 bytes, uncompressed) and a 16-byte auth secret. */
function checkKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const point = Buffer.from(keys.p256dh, "base64url");
  const auth = Buffer.from(keys.auth, "base64url");
  if (point.length !== 65 || point[0] !== 4 || auth.length !== 16) throw new DomainError("PUSH_KEYS_INVALID", "keys");
  try {
    // Throws unless the point is on the curve: RFC 8291's key agreement would fail on every send.
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(point);
  } catch {
    throw new DomainError("PUSH_KEYS_INVALID", "keys");
  }
  return { p256dh: point.toString("base64url"), auth: auth.toString("base64url") };
}

const allOn = (): Record<PushKind, boolean> => Object.fromEntries(PUSH_KINDS.map((k) => [k, true])) as Record<PushKind, boolean>;

export interface PushDeps {
  db: Db;
  clock: Clock;
  config: Config;
  sessions: SessionService;
  /** Where each push's outcome is published (`push.delivered`). */
  events: Events;
  log: { warn(obj: object, msg: string): void };
}

/**
 * A push's outcome: `sent` (the push service took it), `gone` (404/410: the subscription was dropped), `failed`
 * (refused otherwise, or unreachable), `dropped` (the queue was full).
 */
export type PushResult = "sent" | "gone" | "failed" | "dropped";

/**
 * Subscriptions, the user's choice of kinds, and the sender. Sending never happens inside a transaction: notices are
 * handed over once committed, queued, and sent CONCURRENCY at a time, so a burst of settlements never waits on a
 * push service and never slows the trading path.
 */
export class PushService {
  readonly keys: VapidKeys;
  private readonly origins: AllowedOrigin[];
  private readonly agent: https.Agent;
  private readonly queue: Array<() => Promise<void>> = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  constructor(private readonly deps: PushDeps) {
    this.keys = vapidKeys(deps.config);
    this.origins = allowedOrigins(deps.config.PUSH_ENDPOINT_HOSTS);
    // The built-in authorities plus NODE_EXTRA_CA_CERTS (Node reads that file at start only; this reads it here too).
    const extra = deps.config.NODE_EXTRA_CA_CERTS ? [fs.readFileSync(deps.config.NODE_EXTRA_CA_CERTS, "utf8")] : [];
    this.agent = new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY, ca: [...tls.rootCertificates, ...extra] });
  }

  close(): void {
    this.agent.destroy();
  }

  // ---- the user's calls ------------------------------------------------------------------------------------------

  async subscribe(user: SessionUser, input: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<{ id: number }> {
    if (!endpointAllowed(input.endpoint, this.origins)) throw new DomainError("PUSH_ENDPOINT_REFUSED", "endpoint");
    const keys = checkKeys(input.keys);
    const now = this.deps.clock.now();
    const row = { userId: user.id, sessionId: user.sessionId, endpoint: input.endpoint, ...keys, updatedAt: now };
    // An endpoint is one browser's: another account's subscription to it is never moved (it would stop that account's
    // pushes and send this one's to its device), unless its session is over (the device's new owner signed in).
    const [held] = await this.deps.db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, user.id)));
    if (held && !(await this.deps.sessions.liveIds([held.sessionId])).has(held.sessionId)) await this.remove(held);
    // The same device subscribing again takes its row over; a row of another user is left as it is.
    const [saved] = await this.deps.db
      .insert(pushSubscriptions)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row, setWhere: eq(pushSubscriptions.userId, user.id) })
      .returning({ id: pushSubscriptions.id });
    if (!saved) throw new DomainError("PUSH_ENDPOINT_TAKEN", "endpoint");
    return { id: saved.id };
  }

  async unsubscribe(userId: number, endpoint: string): Promise<Record<string, never>> {
    await this.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    return {};
  }

  async settings(userId: number): Promise<{ kinds: Record<PushKind, boolean> }> {
    const [row] = await this.deps.db.select({ kinds: pushSettings.kinds }).from(pushSettings).where(eq(pushSettings.userId, userId));
    return { kinds: { ...allOn(), ...(row?.kinds ?? {}) } };
  }

  async saveSettings(userId: number, kinds: Partial<Record<PushKind, boolean>>): Promise<{ kinds: Record<PushKind, boolean> }> {
    const merged = { ...(await this.settings(userId)).kinds, ...kinds };
    const now = this.deps.clock.now();
    await this.deps.db
      .insert(pushSettings)
      .values({ userId, kinds: merged, updatedAt: now })
      .onConflictDoUpdate({ target: pushSettings.userId, set: { kinds: merged, updatedAt: now } });
    return { kinds: merged };
  }

  /** A session that ended takes its devices' subscriptions with it (after its commit: a push meanwhile skips them). */
  async dropSessions(sessionIds: number[]): Promise<void> {
    await this.deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
  }

  /** Devices subscribed on a live session (the back office's overview: a count, nothing about them). */
  async deviceCount(): Promise<number> {
    const rows = await this.deps.db.select({ sessionId: pushSubscriptions.sessionId }).from(pushSubscriptions);
    const live = await this.deps.sessions.liveIds([...new Set(rows.map((r) => r.sessionId))]);
    return rows.filter((r) => live.has(r.sessionId)).length;
  }

  /** The leader's tidying: subscriptions of sessions that ran out (idle, lifetime) go. */
  async dropExpired(): Promise<number> {
    const rows = await this.deps.db.select({ id: pushSubscriptions.id, sessionId: pushSubscriptions.sessionId }).from(pushSubscriptions);
    const live = await this.deps.sessions.liveIds([...new Set(rows.map((r) => r.sessionId))]);
    const dead = rows.filter((r) => !live.has(r.sessionId)).map((r) => r.id);
    if (dead.length) await this.deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, dead));
    return dead.length;
  }

  // ---- sending ---------------------------------------------------------------------------------------------------

  /**
   * Queues a push to every device of the user (when the user wants that kind). Returns at once. The message is
   * already in the user's language, or is written in it once the language is read (`kind` says which kind it is).
   */
  send(userId: number, message: PushPayload | { kind: PushKind; inLanguage(lang: Language): PushPayload }): void {
    if (this.queue.length >= QUEUE_MAX) {
      this.deps.log.warn({ userId, kind: message.kind }, "push queue full: push dropped (the notice stays in the message centre)");
      this.delivered(message.kind, "dropped");
      return;
    }
    this.queue.push(() => this.deliver(userId, message));
    this.pump();
  }

  /**
   * Many pushes at once (a settled batch's notices): one read finds which of the users have a device at all, and
   * only theirs are queued (most users of a batch have none, and each would otherwise cost its own reads).
   */
  sendMany(list: ReadonlyArray<{ userId: number; message: PushPayload }>): void {
    if (list.length <= 1) return list.forEach(({ userId, message }) => this.send(userId, message));
    this.queue.push(async () => {
      const ids = [...new Set(list.map((item) => item.userId))];
      const rows = await this.deps.db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids));
      const reachable = new Set(rows.map((row) => row.userId));
      for (const { userId, message } of list) if (reachable.has(userId)) this.send(userId, message);
    });
    this.pump();
  }

  /** Resolves once nothing is queued or being sent (tests; graceful shutdown). */
  idle(): Promise<void> {
    if (!this.queue.length && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length) {
      const job = this.queue.shift()!;
      this.running += 1;
      // Never inside the caller's transaction context (PGlite's guard), whoever queued it.
      void detached(() => job())
        .catch((error: unknown) => this.deps.log.warn({ err: (error as Error).message }, "push delivery failed"))
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (!this.queue.length && !this.running) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }

  private async deliver(userId: number, wanted: PushPayload | { kind: PushKind; inLanguage(lang: Language): PushPayload }): Promise<void> {
    const { kinds } = await this.settings(userId);
    if (!kinds[wanted.kind]) return;
    const subscriptions = await this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (!subscriptions.length) return;
    const live = await this.deps.sessions.liveIds(subscriptions.map((s) => s.sessionId));
    const message = "inLanguage" in wanted ? wanted.inLanguage(await this.languageOf(userId)) : wanted;
    const payload = JSON.stringify({ ...message, body: message.body.length > BODY_MAX ? `${message.body.slice(0, BODY_MAX - 1)}…` : message.body } satisfies PushPayload);
    for (const subscription of subscriptions) {
      // A session that ran out, or an origin no longer allowed: the subscription goes, nothing is sent.
      if (!live.has(subscription.sessionId) || !endpointAllowed(subscription.endpoint, this.origins)) await this.remove(subscription);
      else await this.post(subscription, payload, message.kind);
    }
  }

  private async languageOf(userId: number): Promise<Language> {
    const row = await userRecords.find(this.deps.db, userId);
    return (languages as readonly string[]).includes(row?.lang ?? "") ? (row!.lang as Language) : defaultLanguage;
  }

  private async post(subscription: PushSubscriptionRow, payload: string, kind: PushKind): Promise<void> {
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        vapidDetails: { subject: this.deps.config.VAPID_SUBJECT, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: TTL_SECONDS[kind],
        urgency: kind === "margin_warning" || kind === "close" ? "high" : "normal",
        contentEncoding: "aes128gcm",
        agent: this.agent,
        timeout: SEND_TIMEOUT_MS,
      });
      this.delivered(kind, "sent");
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      // 404/410: the browser dropped this subscription (RFC 8030); it will never work again.
      const gone = status === 404 || status === 410;
      this.delivered(kind, gone ? "gone" : "failed");
      if (gone) await this.remove(subscription);
      else this.deps.log.warn({ status, err: (error as Error).message, origin: new URL(subscription.endpoint).origin }, "push service refused a push");
    }
  }

  private delivered(kind: PushKind, result: PushResult): void {
    void this.deps.events.publish("push.delivered", { kind, result });
  }

  private async remove(subscription: PushSubscriptionRow): Promise<void> {
    // Only that very row: the device may have subscribed again (a new row for the endpoint) meanwhile.
    await this.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.updatedAt, subscription.updatedAt)));
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A push's outcome, as the push service answered it (the metrics count them). */
    "push.delivered": { kind: PushKind; result: PushResult };
  }
}
