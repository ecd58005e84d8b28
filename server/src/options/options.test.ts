import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Option, Period } from "../../contract/options";
import { ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { verifiedIn } from "../testing/kyc";
import { credit } from "../testing/money";
import { leadTheFeed, tick } from "../testing/ticks";
import { TriggerRunner } from "../triggers";

/**
 * Timed options through their HTTP calls, on PGlite and PostgreSQL: the stake held at submit, the opening tick the
 * pair's last recorded tick, settlement on the first recorded tick at or after the expiry, every money move checked
 * against the ledger, and a leader that returns after an expiry settling on the recorded tick of that expiry.
 */

let server: TestServer;
const BTC = "BTC/USDT";
const EUR = "EUR/USD";
const WEDNESDAY_NOON = Date.UTC(2026, 10, 25, 12, 0, 0);

async function user(balance = "1000") {
  const u = await server.newUser();
  if (balance !== "0") await credit(server, u.id, balance);
  return u;
}

async function submit(token: string, input: Record<string, unknown> = {}, path = "microtrade/submit") {
  const answer = await server.call<Option>("POST", path, { symbol: BTC, direction: "up", seconds: 30, amount: "100", currency: "USDT", ...input }, { token });
  // The runner reloads the new option from the database in its queue; a tick evaluated before that read finishes
  // would not see it (a gap left open in the runner: a tick does not yet wait for pending reloads), so the cases wait.
  await server.engines.triggers.drain();
  return answer;
}

async function wallet(userId: number) {
  const [w] = (await ledgerReads.balances(server.database.db, userId)).filter((b) => b.currency === "USDT");
  return w ?? { available: "0", frozen: "0" };
}

async function optionsOf(token: string, status?: "open" | "settled", path = "microtrade/lists") {
  const res = await server.call<{ list: Option[]; total: number }>("GET", path, status ? { status } : {}, { token });
  expect(res.status).toBe(200);
  return res.body.message;
}

async function sound() {
  expect(await ledgerReads.verify(server.database.db)).toEqual([]);
}

/** Moves the clock so that the next `tick()` lands exactly at `atMs`. */
async function tickAt(atMs: number, prices: Record<string, string>) {
  server.clock.set(atMs - 1_000);
  const at = await tick(server, prices);
  expect(at).toBe(atMs);
  return at;
}

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  server.clock.set(WEDNESDAY_NOON);
  await tick(server, { [BTC]: "60000", [EUR]: "1.08000" });
});
afterAll(async () => {
  await server?.close();
});

describe("microtrade/seconds and payable_currencies", () => {
  it("lists the periods from 30 s to a day with rates below 1 and their break-even win rates", async () => {
    const u = await user("250.5");
    const res = await server.call<Period[]>("GET", "microtrade/seconds", {}, { token: u.token });
    expect(res.status).toBe(200);
    const periods = res.body.message;
    expect(periods[0]).toEqual({ seconds: 30, rate: "0.8", min: "10", max: "50000", break_even_win_rate: "0.5556", available: true });
    expect(periods.at(-1)?.seconds).toBe(86_400);
    for (const p of periods) {
      expect(Number(p.rate)).toBeLessThan(1);
      expect(p.break_even_win_rate).toBe(money(1).div(money(1).plus(p.rate)).toDecimalPlaces(4, 4).toString());
    }
    const fx = await server.call<Period[]>("GET", "microtrade/seconds", { kind: "forex" }, { token: u.token });
    expect(fx.body.message[0].seconds).toBe(60);
    const pay = await server.call("GET", "microtrade/payable_currencies", {}, { token: u.token });
    expect(pay.body.message).toEqual([{ currency: "USDT", available: "250.5" }]);
  });
});

describe("an option from submit to settlement", () => {
  it("holds the stake, opens on the last recorded tick, and settles a win on the tick exactly at expiry (not 1 ms before)", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const placed = await submit(u.token, { idempotency_key: `opt-${randomBytes(6).toString("hex")}` });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const o = placed.body.message;
    const last = server.market.prices.lastTick(BTC)!;
    expect(o).toMatchObject({ symbol: BTC, kind: "crypto", direction: "up", seconds: 30, amount: "100", currency: "USDT", rate: "0.8", status: "open", result: null, payout: null, close_tick: null, payout_on_win: "180", break_even_win_rate: "0.5556" });
    expect(o.open_tick).toEqual({ price: "60000", at_ms: last.atMs });
    expect(o.expires_at_ms).toBe(last.atMs + 30_000);
    expect(o.settle_at).toBe(Math.ceil((last.atMs + 30_000) / 1000));
    expect(await wallet(u.id)).toEqual({ currency: "USDT", available: "900", frozen: "100" });

    // A higher tick 1 ms before the expiry settles nothing.
    await tickAt(o.expires_at_ms - 1, { [BTC]: "60100" });
    expect((await optionsOf(u.token, "open")).list.map((x) => x.id)).toEqual([o.id]);
    // The tick exactly at the expiry settles it.
    await tickAt(o.expires_at_ms, { [BTC]: "60000.01" });
    const [settled] = (await optionsOf(u.token, "settled")).list;
    expect(settled).toMatchObject({ id: o.id, status: "settled", result: "win", payout: "180", close_tick: { price: "60000.01", at_ms: o.expires_at_ms } });
    expect(settled.settled_at).toEqual(expect.any(Number));
    expect(await wallet(u.id)).toEqual({ currency: "USDT", available: "1080", frozen: "0" });
    // The user is told, with both ticks: their newest personal message. (The inbox also lists the platform's notices by
    // their time; the shipped welcome notice is seeded at the real time, which may be later than this test's clock.)
    const inbox = await server.call<{ list: Array<{ kind: string; title: string; body: string }> }>("GET", "user/usermessage", {}, { token: u.token });
    const told = inbox.body.message.list.find((item) => item.kind === "message");
    expect(told?.title).toBe("Option won");
    // Both ticks at the pair's precision, as the option card writes them: "60,000.00", not "60,000".
    expect(told?.body).toContain("opening tick 60,000.00");
    expect(told?.body).toContain("closing tick 60,000.01");
    expect(told?.body).toContain("Credited back: 180.00 USDT");
    await sound();
  });

  it("a loss settles the stake to the platform; a tie gives it back; down wins on a lower close", async () => {
    await tick(server, { [BTC]: "60000" });
    const loser = await user();
    const tie = await user();
    const down = await user();
    const a = (await submit(loser.token, { direction: "up" })).body.message;
    const b = (await submit(tie.token, { direction: "down", amount: "10" })).body.message;
    const c = (await submit(down.token, { direction: "down", seconds: 60, amount: "50" })).body.message;
    expect(a.expires_at_ms).toBe(b.expires_at_ms);
    const platformBefore = (await ledgerReads.platformBalances(server.database.db)).find((p) => p.platform === "options")?.balance ?? "0";
    await tickAt(a.expires_at_ms, { [BTC]: "60000" });
    expect((await optionsOf(loser.token)).list[0]).toMatchObject({ result: "tie", payout: "100" });
    expect((await optionsOf(tie.token)).list[0]).toMatchObject({ result: "tie", payout: "10" });
    expect(await wallet(loser.id)).toMatchObject({ available: "1000", frozen: "0" });
    // The 60 s option has not expired yet: a lower price later settles it as a win for down.
    expect((await optionsOf(down.token)).list[0].status).toBe("open");
    await tickAt(c.expires_at_ms, { [BTC]: "59999.99" });
    expect((await optionsOf(down.token)).list[0]).toMatchObject({ result: "win", payout: "91", close_tick: { price: "59999.99", at_ms: c.expires_at_ms } });
    expect(await wallet(down.id)).toMatchObject({ available: "1041", frozen: "0" });

    const x = (await submit(loser.token, { direction: "up", amount: "20" })).body.message;
    await tickAt(x.expires_at_ms, { [BTC]: "59000" });
    expect((await optionsOf(loser.token, "settled")).list[0]).toMatchObject({ id: x.id, result: "loss", payout: "0" });
    expect(await wallet(loser.id)).toMatchObject({ available: "980", frozen: "0" });
    const platformAfter = (await ledgerReads.platformBalances(server.database.db)).find((p) => p.platform === "options")!.balance;
    // The platform paid the down win's profit (41) and received the lost stake (20).
    expect(money(platformAfter).minus(platformBefore).toString()).toBe("-21");
    await sound();
  });

  it("a gap: the first recorded tick after the expiry settles, however late", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const o = (await submit(u.token)).body.message;
    await tickAt(o.expires_at_ms + 45_000, { [BTC]: "60500" });
    expect((await optionsOf(u.token)).list[0]).toMatchObject({ result: "win", close_tick: { price: "60500", at_ms: o.expires_at_ms + 45_000 } });
  });

  it("a repeated idempotency key places one option", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const key = `opt-${randomBytes(6).toString("hex")}`;
    const [one, two] = [await submit(u.token, { idempotency_key: key }), await submit(u.token, { idempotency_key: key })];
    expect(two.body.message).toEqual(one.body.message);
    expect((await optionsOf(u.token)).total).toBe(1);
    expect(await wallet(u.id)).toMatchObject({ available: "900", frozen: "100" });
  });
});

describe("refusals write nothing", () => {
  const cases: Array<[string, Record<string, unknown>, number, string, string?]> = [
    ["a period that is not offered", { seconds: 45 }, 400, "PARAMETER_ERROR", "seconds"],
    ["a stake below the minimum", { amount: "9.99" }, 400, "ORDER_BELOW_MIN", "amount"],
    ["a stake above the maximum", { amount: "50000.01" }, 400, "ORDER_ABOVE_MAX", "amount"],
    ["a stake that is not a number", { amount: "ten" }, 400, "AMOUNT_ERROR", "amount"],
    ["a currency that is not payable", { currency: "BTC" }, 400, "CURRENCY_TYPE_WRONG", "currency"],
    ["a wrong direction", { direction: "sideways" }, 400, "WRONG_DIRECTION", "direction"],
    ["a forex pair on the crypto desk", { symbol: EUR }, 404, "PAIR_NOT_FOUND"],
    ["an unknown pair", { symbol: "NOPE/USDT" }, 404, "PAIR_NOT_FOUND"],
    ["more than the balance", { amount: "1000.01" }, 400, "INSUFFICIENT_BALANCE"],
  ];
  for (const [name, input, status, code, field] of cases) {
    it(name, async () => {
      await tick(server, { [BTC]: "60000" });
      const u = await user();
      const res = await submit(u.token, input);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
      if (field) expect(Object.keys(res.body.fields ?? {})).toContain(field);
      expect((await optionsOf(u.token)).total).toBe(0);
      expect(await wallet(u.id)).toMatchObject({ available: "1000", frozen: "0" });
    });
  }

  it("a stale feed refuses (no option opens on an old price)", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    server.clock.advance(121_000);
    const res = await submit(u.token);
    expect(res.body.code).toBe("TRADING_CLOSED");
    expect(await wallet(u.id)).toMatchObject({ available: "1000", frozen: "0" });
  });

  it("a pair switched off refuses", async () => {
    await tick(server, { [BTC]: "60000", "ETH/USDT": "3000" });
    await server.database.query("UPDATE market_pairs SET trading = false WHERE symbol = 'ETH/USDT'");
    await server.market.pairs.reload();
    const u = await user();
    const res = await submit(u.token, { symbol: "ETH/USDT" });
    expect(res.body.code).toBe("PAIR_NOT_ACTIVE");
    await server.database.query("UPDATE market_pairs SET trading = true WHERE symbol = 'ETH/USDT'");
    await server.market.pairs.reload();
  });

  it("a country with options switched off: FEATURE_DISABLED, and user/features says so", async () => {
    await tick(server, { [BTC]: "60000" });
    const op = await server.newOperator("admin");
    const saved = await server.call("POST", "backoffice/features/save", { options: ["FR"], leverage: [], earn: [], loans: [] }, { token: op.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const fr = await user();
    await verifiedIn(server, fr.id, "FR");
    // A fresh price, so that the country switch is what refuses.
    await tick(server, { [BTC]: "60000" });
    const res = await submit(fr.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FEATURE_DISABLED");
    expect((await server.call<{ options: boolean }>("GET", "user/features", {}, { token: fr.token })).body.message.options).toBe(false);
    const es = await user();
    await verifiedIn(server, es.id, "ES");
    await tick(server, { [BTC]: "60000" });
    expect((await submit(es.token)).status).toBe(200);
    await server.call("POST", "backoffice/features/save", { options: [], leverage: [], earn: [], loans: [] }, { token: op.token });
  });
});

describe("forex and metals (microtrade/whsubmit)", () => {
  it("settles on the forex desk, lists on whlists only, and refuses crypto pairs", async () => {
    server.clock.set(WEDNESDAY_NOON + 3_600_000);
    await tick(server, { [EUR]: "1.08000" });
    const u = await user();
    expect((await submit(u.token, {}, "microtrade/whsubmit")).body.code).toBe("PAIR_NOT_FOUND");
    const placed = await submit(u.token, { symbol: EUR, seconds: 60, direction: "down" }, "microtrade/whsubmit");
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message).toMatchObject({ kind: "forex", rate: "0.8", open_tick: { price: "1.08" } });
    expect((await optionsOf(u.token)).total).toBe(0);
    await tickAt(placed.body.message.expires_at_ms, { [EUR]: "1.07990" });
    expect((await optionsOf(u.token, undefined, "microtrade/whlists")).list[0]).toMatchObject({ result: "win", payout: "180", close_tick: { price: "1.0799" } });
  });

  it("refuses while the forex session is closed, and a period that would end in the weekend", async () => {
    const u = await user();
    // Saturday noon: closed.
    server.clock.set(Date.UTC(2026, 10, 28, 12, 0, 0));
    await tick(server, { [EUR]: "1.08000" });
    expect((await submit(u.token, { symbol: EUR, seconds: 60 }, "microtrade/whsubmit")).body.code).toBe("TRADING_CLOSED");
    // Friday 20:58:59: a 1 min option ends before the 21:00 close, a 5 min one after it.
    server.clock.set(Date.UTC(2026, 10, 27, 20, 58, 58));
    await tick(server, { [EUR]: "1.08000" });
    expect((await submit(u.token, { symbol: EUR, seconds: 300 }, "microtrade/whsubmit")).body.code).toBe("TRADING_CLOSED");
    expect((await submit(u.token, { symbol: EUR, seconds: 60 }, "microtrade/whsubmit")).status).toBe(200);
    server.clock.set(Date.UTC(2026, 10, 27, 21, 0, 0));
    await tick(server, { [EUR]: "1.08000", [BTC]: "60000" });
    await sound();
  });

  it("offers on Friday only the periods that end before the close: a 1-day XAU option is marked unavailable, not offered at 88 % and then refused", async () => {
    const u = await user();
    const available = async (kind: string) =>
      Object.fromEntries((await server.call<Period[]>("GET", "microtrade/seconds", { kind }, { token: u.token })).body.message.map((p) => [p.seconds, p.available]));
    // Friday 10:00 UTC: 11 hours to the 21:00 close.
    server.clock.set(Date.UTC(2026, 10, 27, 10, 0, 0));
    await tick(server, { "XAU/USD": "2350.00" });
    expect(await available("metal")).toEqual({ 60: true, 300: true, 900: true, 3600: true, 86400: false });
    expect((await submit(u.token, { symbol: "XAU/USD", seconds: 86_400 }, "microtrade/whsubmit")).body.code).toBe("TRADING_CLOSED");
    // Crypto never closes.
    expect(Object.values(await available("crypto")).every(Boolean)).toBe(true);
    // Saturday: nothing can be placed; Wednesday: everything.
    server.clock.set(Date.UTC(2026, 10, 28, 12, 0, 0));
    expect(Object.values(await available("forex")).some(Boolean)).toBe(false);
    server.clock.set(WEDNESDAY_NOON);
    expect(Object.values(await available("forex")).every(Boolean)).toBe(true);
  });
});

describe("a leader that returns after an expiry", () => {
  it("loads the open option into a new book and settles it on the recorded tick of its expiry, not the later one that woke it", async () => {
    server.clock.set(WEDNESDAY_NOON + 7_200_000);
    await tick(server, { [BTC]: "60000" });
    const u = await user();
    const o = (await submit(u.token, { direction: "up" })).body.message;
    // The leader goes away: its book is dropped, nothing settles.
    server.engines.triggers.stop();
    // Ticks keep being recorded (another process recorded them, or the feed did while the runner was down): the
    // one at the expiry is higher than the opening, a later one is lower.
    await tickAt(o.expires_at_ms, { [BTC]: "60001" });
    await tickAt(o.expires_at_ms + 20_000, { [BTC]: "59000" });
    expect((await optionsOf(u.token)).list[0].status).toBe("open");

    // A new leader: a fresh runner loads every source's live triggers and the next tick wakes them.
    const runner = new TriggerRunner({
      ticks: server.market.prices,
      bus: server.ctx.bus,
      isLeader: () => true,
      quote: (symbol, price) => {
        const pair = server.market.pairs.pair(symbol);
        return pair ? quoteAround(price, pair.spread_rate, pair.price_precision) : null;
      },
    });
    runner.register(server.engines.options.settlement);
    runner.start();
    await runner.ensureLoaded();
    expect(runner.book.has(`options:${o.id}:expiry`)).toBe(true);
    await tickAt(o.expires_at_ms + 60_000, { [BTC]: "58000" });
    await runner.drain();
    expect((await optionsOf(u.token)).list[0]).toMatchObject({ status: "settled", result: "win", payout: "180", close_tick: { price: "60001", at_ms: o.expires_at_ms } });
    // Settling again (a second leader racing) changes nothing: exactly once.
    await server.engines.options.settlement.settleDue([{ id: o.id, symbol: BTC, expiresAtMs: o.expires_at_ms, user: u.id }]);
    expect(await wallet(u.id)).toMatchObject({ available: "1080", frozen: "0" });
    runner.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    await sound();
  });
});

describe("property: any sequence of options and ticks keeps the ledger sound", () => {
  it("every option settles once, balances add up, ledgerReads.verify is empty", async () => {
    server.clock.set(WEDNESDAY_NOON + 10_800_000);
    await tick(server, { [BTC]: "60000" });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ direction: fc.constantFrom("up", "down"), seconds: fc.constantFrom(30, 60), amount: fc.integer({ min: 10, max: 300 }), wait: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 5, maxLength: 10 }),
        async (orders, moves) => {
          const u = await user("2000");
          let price = 60000;
          for (const order of orders) {
            const res = await submit(u.token, { direction: order.direction, seconds: order.seconds, amount: String(order.amount) });
            expect([200, 400]).toContain(res.status);
            server.clock.advance(order.wait * 1000);
            price += moves[order.wait % moves.length];
            await tick(server, { [BTC]: String(price) });
          }
          // Past every expiry: one more tick settles the rest.
          server.clock.advance(61_000);
          await tick(server, { [BTC]: String(price) });
          const all = await optionsOf(u.token);
          expect(all.list.every((o) => o.status === "settled")).toBe(true);
          const net = all.list.reduce((sum, o) => sum.plus(o.payout!).minus(o.amount), money(0));
          for (const o of all.list) {
            expect(o.close_tick!.at_ms).toBeGreaterThanOrEqual(o.expires_at_ms);
            const expected = Number(o.close_tick!.price) === Number(o.open_tick.price) ? "tie" : (Number(o.close_tick!.price) > Number(o.open_tick.price)) === (o.direction === "up") ? "win" : "loss";
            expect(o.result).toBe(expected);
          }
          expect(await wallet(u.id)).toMatchObject({ available: money(2000).plus(net).toString(), frozen: "0" });
          expect(await ledgerReads.verify(server.database.db)).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe.runIf(testDatabaseKind() === "postgres")("concurrency on PostgreSQL", () => {
  it("parallel submits spending the same USDT: exactly the ones that fit succeed", async () => {
    await tick(server, { [BTC]: "60000" });
    const u = await user("1000");
    const answers = await Promise.all(Array.from({ length: 30 }, () => submit(u.token, { amount: "100" })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(await wallet(u.id)).toMatchObject({ available: "0", frozen: "1000" });
    await sound();
  });
});
