import path from "node:path";
import { buildApp } from "./app";
import { ensureRootInviteCode } from "./auth";
import { OperatorService } from "./backoffice";
import { systemClock } from "./platform/clock";
import { loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db";
import { listenForBackups } from "./platform/backup";
import { migrate } from "./platform/migrate";
import { operatorSecrets } from "./platform/secret-box";
import { createLocalBus } from "./platform/bus";
import { createRedisBus } from "./platform/redis-bus";

/** The process: configuration, database, migrations, the app, and a graceful end on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite"),
  });
  await migrate(database);
  // With REDIS_URL every process hears every tick and user message (scale-out); otherwise in-process.
  const bus = config.REDIS_URL ? await createRedisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX, log: console }) : createLocalBus();
  const { app, market, engines, firstRun } = await buildApp({ config, database, bus });
  // The embedded database is held by this process alone: `npm run backup` asks it for a copy through the data folder.
  const stopBackups = database.kind === "pglite" ? await listenForBackups(database, config.DATA_DIR, app.log) : async () => {};
  const invite = await ensureRootInviteCode(database.db, config);
  for (const spec of config.BOOTSTRAP_OPERATOR?.split(",") ?? []) {
    if (await new OperatorService(database.db, systemClock, operatorSecrets(config)).bootstrap(spec)) app.log.info(`bootstrap operator ${spec.split(":")[0]} created`);
  }
  if (invite.created) {
    // Printed once, at the first start: the code the first user registers with.
    app.log.info(`Root invitation code (first start): ${invite.code}`);
    console.log(`\n  Root invitation code: ${invite.code}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Closing the app also stops the market feed (its onClose hook), releasing the leader lock at once.
      await app.close();
      await stopBackups();
      await bus.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`TradeWise listening on ${address} (${database.kind}, bus ${bus.kind ?? "local"})`);
  // No operator yet: a one-time link (valid 24 h, once) that creates the first one in the back office.
  const setupToken = await firstRun.issueToken();
  if (setupToken) {
    const link = `${reachableOrigin(address)}/backoffice.html#/setup?token=${setupToken}`;
    app.log.info(`First run: create the first operator at ${link}`);
    console.log(`\n  First run: create the first operator (link valid 24 h, once):\n  ${link}\n`);
  }
  // After listen: the first start's history is built while the server already answers.
  market.start();
  engines.jobs.start();
  // On-chain deposits: the leader watches each configured network.
  engines.chain.start(() => market.isLeader());
}

/** The listening address as a browser on this machine reaches it (0.0.0.0 and :: listen everywhere). */
function reachableOrigin(address: string): string {
  const url = new URL(address);
  if (url.hostname === "0.0.0.0" || url.hostname === "[::]") url.hostname = "localhost";
  return url.origin;
}

// `tsx server/src/main.ts` runs it directly; scripts/start.ts imports and calls it after building the client.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
