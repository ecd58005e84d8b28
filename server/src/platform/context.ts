import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Clock } from "./clock";
import type { Database, Db } from "./db";
import type { Messenger } from "./messenger";
import type { Bus } from "./bus";
import type { EventBus } from "./events";
import type { Api } from "./http";
import type { Translator } from "./i18n";

/** What every domain module is given: the platform's parts, nothing global. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  messenger: Messenger;
  bus: Bus;
  /** Domain events after commit (platform/events.ts): raised by a domain in its transaction, subscribed where used. */
  events: EventBus;
  api: Api;
  translator: Translator;
  /** Server-side secrets kept in the settings table (generated on first start). */
  secrets: { codeKey: string };
  log: FastifyBaseLogger;
}
