import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Position } from "../../contract/positions";
import { ledger, money } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";
import { closePriceAt } from "./positions.engine";
import { positions } from "./positions.schema";

/**
 * Random tick paths and user actions against the whole positions domain (HTTP, ledger, trigger runner), and the
 * race between a user's close and the engine's stop-loss. After every step the ledger's invariants hold, no
 * balance is negative, no position lost more than its margin and fees, and every triggered close names a tick
 * whose executable price crossed its trigger.
 */

let server: TestServer;
const BTC = "BTC/USDT";

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  await tick(server, { [BTC]: "60000" });
});
afterAll(async () => {
  await server?.close();
});

type Action =
  | { kind: "tick"; move: number }
  | { kind: "open"; direction: "long" | "short"; type: "market" | "limit"; leverage: number; lots: number; tp: number; sl: number; offset: number }
  | { kind: "close" | "cancel"; pick: number }
  | { kind: "setstop"; pick: number; tp: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("tick" as const), move: fc.integer({ min: -1500, max: 1500 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("open" as const),
      direction: fc.constantFrom<"long" | "short">("long", "short"),
      type: fc.constantFrom<"market" | "limit">("market", "limit"),
      leverage: fc.constantFrom(1, 10, 50, 100),
      lots: fc.integer({ min: 1, max: 20 }),
      tp: fc.integer({ min: 0, max: 3000 }),
      sl: fc.integer({ min: 0, max: 3000 }),
      offset: fc.integer({ min: 0, max: 800 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("close" as const, "cancel" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("setstop" as const), pick: fc.nat(), tp: fc.integer({ min: 0, max: 3000 }) }) },
);

async function mine(token: string, status: "open" | "pending" | "closed") {
  const res = await server.call<{ list: Position[] }>("POST", "lever/my_trade", { status, limit: 100 }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.list;
}

function crossed(p: Position): boolean {
  if (!p.close_tick || !p.close_reason || p.close_reason === "user" || p.close_reason === "close_all") return true;
  const { bid, ask } = quoteAround(p.close_tick.price, "0.0004", 2);
  const exec = p.direction === "long" ? bid : ask;
  if (exec !== p.close_price) return false;
  const level = p.close_reason === "tp" ? p.tp_price : p.close_reason === "sl" ? p.sl_price : p.liquidation_price;
  if (!level) return false;
  const profit = p.close_reason === "tp";
  const long = p.direction === "long";
  return long === profit ? money(exec).gte(level) : money(exec).lte(level);
}

describe("positions under random ticks and actions", () => {
  it("keep the ledger sound and every trigger honest", async () => {
    let price = 60000;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: testDatabaseKind() === "postgres" ? 12 : 18 }), async (actions) => {
        const u = await server.newUser();
        await credit(server, u.id, "20000");
        for (const a of actions) {
          if (a.kind === "tick") {
            price = Math.max(1000, price + a.move);
            await tick(server, { [BTC]: price.toFixed(2) });
          } else if (a.kind === "open") {
            const last = price;
            const long = a.direction === "long";
            const limit = a.type === "limit" ? (long ? last - a.offset : last + a.offset).toFixed(2) : undefined;
            const ref = Number(limit ?? last);
            await server.call(
              "POST",
              "lever/submit",
              {
                symbol: BTC,
                direction: a.direction,
                type: a.type,
                price: limit,
                quantity: (a.lots / 100).toFixed(2),
                leverage: a.leverage,
                tp_price: a.tp ? (long ? ref + a.tp + 50 : ref - a.tp - 50).toFixed(2) : undefined,
                sl_price: a.sl ? (long ? ref - a.sl - 50 : ref + a.sl + 50).toFixed(2) : undefined,
              },
              { token: u.token },
            );
          } else {
            const list = await mine(u.token, a.kind === "cancel" ? "pending" : "open");
            if (!list.length) continue;
            const target = list[a.pick % list.length];
            if (a.kind === "setstop") {
              const tp = target.direction === "long" ? price + a.tp + 50 : price - a.tp - 50;
              await server.call("POST", "lever/setstop", { id: target.id, tp_price: tp > 0 ? tp.toFixed(2) : "" }, { token: u.token });
            } else {
              await server.call("POST", `lever/${a.kind}`, { id: target.id }, { token: u.token });
            }
          }
        }
        expect(await ledger.verify(server.database.db)).toEqual([]);
        const balances = await ledger.balances(server.database.db, u.id);
        for (const b of balances) expect(money(b.available).gte(0) && money(b.frozen).gte(0)).toBe(true);
        for (const p of await mine(u.token, "closed")) {
          if (p.status !== "closed") continue;
          expect(crossed(p), JSON.stringify(p)).toBe(true);
          expect(money(p.pnl).gte(money(p.margin).plus(p.open_fee).plus(p.swap).negated())).toBe(true);
          expect(money(p.payout!).gte(0)).toBe(true);
        }
      }),
      { numRuns: testDatabaseKind() === "postgres" ? 5 : 8 },
    );
  }, 180_000);
});

describe("a user's close racing the engine's stop-loss", () => {
  it("closes each position exactly once", async () => {
    await tick(server, { [BTC]: "60000" });
    const users = await Promise.all(Array.from({ length: 8 }, () => server.newUser()));
    const ids: number[] = [];
    for (const u of users) {
      await credit(server, u.id, "1000");
      const res = await server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", quantity: "0.01", leverage: 10, sl_price: "59500" }, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.message.id);
    }
    const closes = users.map((u, i) => server.call("POST", "lever/close", { id: ids[i] }, { token: u.token }));
    const [answers] = await Promise.all([Promise.all(closes), tick(server, { [BTC]: "59000" })]);
    await server.engines.triggers.drain();
    for (const answer of answers) expect([200, 404, 409]).toContain(answer.status);
    const rows = await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'position.close' AND cause_id = ANY($1)",
      [ids.map(String)],
    );
    expect(rows[0].n).toBe(ids.length);
    for (const u of users) expect((await mine(u.token, "closed")).filter((p) => p.status === "closed")).toHaveLength(1);
    expect(await ledger.verify(server.database.db)).toEqual([]);
  }, 120_000);
});

describe("a settlement batch meeting a user's close that holds the same rows", () => {
  it("waits for it, closes every other member once, and leaves the user's position as the user closed it", async () => {
    await tick(server, { [BTC]: "60000" });
    const [a, b] = await Promise.all([server.newUser(), server.newUser()]);
    const ids: number[] = [];
    for (const u of [a, b]) {
      await credit(server, u.id, "1000");
      for (const sl of ["59500", "59400", "59300"]) {
        const res = await server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", quantity: "0.01", leverage: 10, sl_price: sl }, { token: u.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push(res.body.message.id);
      }
    }
    const { settlement } = server.engines.positions;
    const mineId = ids[1];
    const before = await server.database.query<{ id: number }>("SELECT coalesce(max(id), 0)::int AS id FROM user_messages");
    // The user's close takes the position's row and, posting, the user's account, and holds them a while.
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const userClose = server.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(positions).where(eq(positions.id, mineId)).for("update");
      const exec = closePriceAt(row, "59950");
      await settlement.closeInTx(tx, row, "user", { price: "59950", atMs: server.clock.now().getTime() }, exec);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await holding;
    // One tick crosses every stop: the batch waits on the user's rows (PostgreSQL) or behind the transaction (PGlite).
    await Promise.all([userClose, tick(server, { [BTC]: "59000" })]);
    await server.engines.triggers.drain();

    const closed = await server.database.query<{ id: number; close_reason: string; entries: number; holds: number }>(
      `SELECT p.id::int, p.close_reason,
              (SELECT count(*)::int FROM ledger_entries e WHERE e.cause_kind = 'position' AND e.cause_id = p.id::text AND e.kind = 'position.close') AS entries,
              (SELECT count(*)::int FROM ledger_holds h WHERE h.id = p.margin_hold_id AND h.status = 'posted') AS holds
       FROM positions p WHERE p.id = ANY($1) ORDER BY p.id`,
      [ids],
    );
    expect(closed.map((r) => [r.id, r.close_reason, r.entries, r.holds])).toEqual(ids.map((id) => [id, id === mineId ? "user" : "sl", 1, 1]));
    // One notice per close, the user's included, and none twice.
    const notices = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM user_messages WHERE user_id = ANY($1) AND id > $2", [[a.id, b.id], before[0].id]);
    expect(notices[0].n).toBe(ids.length);
    expect(await ledger.verify(server.database.db)).toEqual([]);
  }, 120_000);
});
