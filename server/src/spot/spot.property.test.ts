import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpotOrder } from "../../contract/spot";
import { ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { credit } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Random tick paths and random orders of two users against the whole spot domain (HTTP, ledger, trigger runner).
 * After every run the ledger's invariants hold (`ledgerReads.verify` is empty), no balance is negative, every limit fill
 * is at its price on a tick whose quote crossed it, and every open order's hold is frozen money.
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
  | { kind: "order"; who: number; side: "buy" | "sell"; type: "market" | "limit"; lots: number; offset: number }
  | { kind: "cancel"; who: number; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("tick" as const), move: fc.integer({ min: -1500, max: 1500 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      who: fc.integer({ min: 0, max: 1 }),
      side: fc.constantFrom<"buy" | "sell">("buy", "sell"),
      type: fc.constantFrom<"market" | "limit">("market", "limit"),
      lots: fc.integer({ min: 1, max: 400 }),
      offset: fc.integer({ min: 0, max: 1200 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), who: fc.integer({ min: 0, max: 1 }), pick: fc.nat() }) },
);

describe(`spot under random paths (${testDatabaseKind()})`, () => {
  it("keeps the ledger sound, balances non-negative, and fills limits at their price on a crossing tick", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        await tick(server, { [BTC]: "60000" });
        let last = 60000;
        const users = await Promise.all(
          [0, 1].map(async () => {
            const u = await server.newUser();
            await credit(server, u.id, "5000");
            await credit(server, u.id, "0.05", "BTC");
            return u;
          }),
        );
        for (const a of actions) {
          if (a.kind === "tick") {
            last = Math.max(1000, last + a.move);
            await tick(server, { [BTC]: last.toFixed(2) });
          } else if (a.kind === "order") {
            const lastText = money(last).toFixed(2);
            const price = a.type === "limit" ? (a.side === "buy" ? money(lastText).minus(a.offset) : money(lastText).plus(a.offset)).toFixed(2) : undefined;
            const res = await server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: a.side, type: a.type, quantity: (a.lots / 10_000).toFixed(4), price }, { token: users[a.who].token });
            // Refusals are 4xx with a code of the catalogue (mostly "insufficient"), never a 5xx.
            expect(res.status === 200 || (res.status >= 400 && res.status < 500), JSON.stringify(res.body)).toBe(true);
          } else {
            const open = (await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "open", limit: 100 }, { token: users[a.who].token })).body.message.list;
            if (open.length) {
              const res = await server.call("POST", "coin/cancel", { id: open[a.pick % open.length].id }, { token: users[a.who].token });
              expect(res.status).toBe(200);
            }
          }
        }
        expect(await ledgerReads.verify(server.database.db)).toEqual([]);
        const [{ n }] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_accounts WHERE available < 0 OR frozen < 0");
        expect(n).toBe(0);
        for (const u of users) {
          const all = (await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { limit: 100 }, { token: u.token })).body.message.list;
          for (const o of all) {
            if (o.type !== "limit" || o.status !== "filled") continue;
            expect(o.filled_price).toBe(o.price);
            const { bid, ask } = quoteAround(o.tick!.price, "0.0004", 2);
            if (o.side === "buy") expect(money(ask).lte(o.price!)).toBe(true);
            else expect(money(bid).gte(o.price!)).toBe(true);
          }
          // Frozen money is exactly what the open orders hold, per currency.
          const held: Record<string, string> = {};
          for (const o of all.filter((x) => x.status === "open")) {
            const currency = o.side === "buy" ? "USDT" : "BTC";
            held[currency] = money(held[currency] ?? 0).plus(o.held!).toFixed();
          }
          for (const b of await ledgerReads.balances(server.database.db, u.id)) expect(money(b.frozen).toFixed(), b.currency).toBe(held[b.currency] ?? "0");
        }
      }),
      { numRuns: testDatabaseKind() === "postgres" ? 8 : 12 },
    );
  }, 240_000);
});

describe.runIf(testDatabaseKind() === "postgres")("concurrency (PostgreSQL)", () => {
  it("100 parallel orders spending the same USDT: exactly the ones that fit succeed", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await server.newUser();
    // A market buy of 0.001 BTC at 60012.00 costs 60.012 + 0.060012 = 60.072012. Room for exactly 37.
    const cost = money("60.072012");
    await credit(server, u.id, cost.times(37).plus("0.05").toFixed());
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: i % 2 ? "market" : "limit", price: i % 2 ? undefined : "60000", quantity: "0.001" }, { token: u.token }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    // Limit buys at 60000 hold 60 + 0.06 = 60.06 each, market buys cost 60.072012: whatever the mix, the sum fits.
    const spent = ok.reduce((s, a) => s.plus(a.body.message.type === "market" ? cost : money("60.06")), money(0));
    expect(spent.lte(cost.times(37).plus("0.05"))).toBe(true);
    expect(refused.every((a) => a.body.code === "INSUFFICIENT_BALANCE")).toBe(true);
    const [balance] = (await ledgerReads.balances(server.database.db, u.id)).filter((b) => b.currency === "USDT");
    // Not one more would fit: what is left is below the cheapest order.
    expect(money(balance.available).lt("60.06")).toBe(true);
    // Market buys left the wallet; limit buys are still held in it (frozen): nothing else moved.
    const marketSpent = cost.times(ok.filter((a) => a.body.message.type === "market").length);
    expect(money(balance.available).plus(balance.frozen).plus(marketSpent).toFixed()).toBe(cost.times(37).plus("0.05").toFixed());
    expect(ok.length).toBeGreaterThanOrEqual(37);
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  }, 120_000);

  it("100 parallel market buys of the same size: exactly floor(balance / cost) succeed", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await server.newUser();
    const cost = money("60.072012");
    await credit(server, u.id, cost.times(42).plus("60").toFixed());
    const answers = await Promise.all(Array.from({ length: 100 }, () => server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "market", quantity: "0.001" }, { token: u.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(42);
    expect(answers.filter((a) => a.status === 400 && a.body.code === "INSUFFICIENT_BALANCE")).toHaveLength(58);
    const balances = await ledgerReads.balances(server.database.db, u.id);
    expect(balances.find((b) => b.currency === "BTC")?.available).toBe("0.042");
    expect(balances.find((b) => b.currency === "USDT")?.available).toBe("60");
    expect(await ledgerReads.verify(server.database.db)).toEqual([]);
  }, 120_000);
});
