import { failoverScenario } from "../server/src/testing/failover";
import type { BenchSuite } from "./run";

/**
 * The leader killed under load (server/src/testing/failover.ts): three server processes, one PostgreSQL database
 * (DATABASE_URL or TEST_DATABASE_URL, default the local one) and Redis (REDIS_URL or TEST_REDIS_URL); reports how
 * long the takeover took and that every option opened around it settled once, on its tick.
 */
export const suite: BenchSuite = {
  name: "failover: the feed leader killed under load",
  async run(log) {
    const database = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
    const r = await failoverScenario(database, redis, log);
    return [
      { name: "takeover (lock taken, engines starting)", value: r.takeoverMs, unit: "ms", note: "from SIGKILL" },
      { name: "first tick recorded by the new leader", value: r.firstTickMs, unit: "ms", note: "from SIGKILL" },
      { name: "options opened", value: r.opened, unit: "options", note: `${r.openedAfterKill} after the kill` },
      { name: "options settled", value: r.settled, unit: "options", note: `${r.settledTwice} twice, ${r.wrongTick} on a wrong tick` },
      { name: "seconds without a tick", value: r.missingSeconds, unit: "s", note: "while no process led" },
      { name: "5xx answers", value: r.serverErrors, unit: "answers" },
    ];
  },
};
