import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyProof, RootView } from "../../contract/proof";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";

/**
 * A user funded after the day's snapshot sees a proof the same day: the leader takes a catch-up snapshot when a
 * balance is missing from the latest one (at once while that snapshot counted nobody, else after an hour).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 240_000);
afterAll(async () => server?.close());

const kinds = async () => (await server.database.query<{ kind: string }>("SELECT kind FROM proof_snapshots ORDER BY id")).map((r) => r.kind);
const mine = async (token: string) => (await server.call<{ at: number | null; list: MyProof[] }>("GET", "proof/mine", {}, { token })).body.message;

describe("catch-up snapshots", () => {
  it("the platform's first funds: a snapshot the same day, not after 00:00 UTC", async () => {
    server.clock.set(Date.parse("2030-03-04T08:00:00Z"));
    await server.engines.jobs.runOnce();
    expect(await kinds()).toEqual(["daily"]); // taken at once, counting nobody

    const first = await server.newUser();
    await credit(server, first.id, "50");
    server.clock.set(Date.parse("2030-03-04T08:01:00Z"));
    await server.engines.jobs.runOnce();
    expect(await kinds()).toEqual(["daily", "catch_up"]);
    const proof = await mine(first.token);
    expect(proof.list.map((p) => [p.currency, p.leaf.balance])).toEqual([["USDT", "50"]]);
    // Nothing new held: no further snapshot.
    server.clock.set(Date.parse("2030-03-04T10:00:00Z"));
    await server.engines.jobs.runOnce();
    expect(await kinds()).toEqual(["daily", "catch_up"]);
  });

  it("a later newcomer waits at most an hour after the latest snapshot; the public root names the declared reserves", async () => {
    const late = await server.newUser();
    await credit(server, late.id, "5");
    server.clock.set(Date.parse("2030-03-04T10:05:00Z"));
    await server.engines.jobs.runOnce();
    // The latest (08:01) is older than an hour: caught up.
    expect(await kinds()).toEqual(["daily", "catch_up", "catch_up"]);
    expect((await mine(late.token)).list).toHaveLength(1);

    const later = await server.newUser();
    await credit(server, later.id, "7");
    server.clock.set(Date.parse("2030-03-04T10:30:00Z"));
    await server.engines.jobs.runOnce();
    expect(await kinds()).toHaveLength(3); // within the hour: not yet
    server.clock.set(Date.parse("2030-03-04T11:06:00Z"));
    await server.engines.jobs.runOnce();
    expect(await kinds()).toHaveLength(4);
    expect((await mine(later.token)).list).toHaveLength(1);

    const root = await server.call<RootView & { reserves: unknown[] }>("GET", "proof/root");
    expect(root.body.message.currencies[0]).toMatchObject({ currency: "USDT", total: "62", leaves: 3 });
    expect(root.body.message.reserves).toEqual([]);
  });
});
