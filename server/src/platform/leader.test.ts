import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, testDatabaseKind } from "../testing/harness";
import type { Database } from "./db";
import { fenceHolds, Leadership, type Fence } from "./leader";

/**
 * Leader election on real PostgreSQL (the server-postgres project): one leader at a time through an advisory lock,
 * and a takeover when the leader's session dies. On PGlite (one process per data folder) the process just leads.
 */

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened.reverse()) await d.close().catch(() => undefined);
});

describe("Leadership", () => {
  it.skipIf(testDatabaseKind() !== "postgres")("lets one process lead, and another take over when its session dies", async () => {
    const database = await freshDatabase("postgres");
    opened.push(database);
    const key = 990_000 + Math.floor(Math.random() * 9_999);
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} leads`);
      return async () => {
        events.push(`${name} stops`);
      };
    };
    const a = new Leadership(database, silent, { key, retryMs: 50 });
    const b = new Leadership(database, silent, { key, retryMs: 50 });
    a.start(work("a"));
    await until(() => a.isLeader);
    b.start(work("b"));
    await new Promise((r) => setTimeout(r, 300));
    expect(b.isLeader).toBe(false);

    // The leader's connection dies (a crash, a network cut): its lock goes with it.
    await database.query("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted", [key]);
    const stale = a.fence();
    expect(stale).not.toBeNull();
    await until(() => b.isLeader && !a.isLeader);
    expect([...events].sort()).toEqual(["a leads", "a stops", "b leads"]);

    // The old leader's fence no longer holds, the new one's does (a fenced write checks this in its statement).
    const holds = async (fence: Fence | null) => (await database.query<{ ok: boolean }>(fenceHolds(1, 2), [fence!.key, fence!.pid]))[0].ok;
    expect(await holds(stale)).toBe(false);
    expect(await holds(b.fence())).toBe(true);

    // A graceful stop releases the lock at once.
    await b.stop();
    await until(() => a.isLeader);
    await a.stop();
    expect(a.isLeader).toBe(false);
  }, 30_000);

  it.skipIf(testDatabaseKind() !== "pglite")("leads at once on PGlite", async () => {
    const database = await freshDatabase("pglite");
    opened.push(database);
    const leadership = new Leadership(database, silent, { retryMs: 50 });
    let stopped = false;
    leadership.start(async () => async () => {
      stopped = true;
    });
    await until(() => leadership.isLeader);
    await leadership.stop();
    expect(stopped).toBe(true);
  });
});
