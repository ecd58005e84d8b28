import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EarnIncome, EarnOrder, Product } from "../../contract/earn";
import { ledgerReads, money } from "../ledger";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { verifiedIn } from "../testing/kyc";
import { credit, expectLedgerSound, walletOf } from "../testing/money";

/**
 * AI arbitrage and hosting through their HTTP calls, on PGlite and PostgreSQL: subscriptions hold the principal,
 * the leader's payout job pays each day once (also after downtime), maturity releases the principal, an early
 * exit keeps the penalty; every step checked against the ledger.
 */

let server: TestServer;
let admin: string;
const DAY = 86_400_000;

const productBody = (over: Record<string, unknown> = {}) => ({
  kind: "arbitrage",
  name: "BTC cross-venue",
  currency: "USDT",
  min: "100",
  max: "5000",
  days: 3,
  daily_rate: "0.01",
  max_participants: 0,
  funded_by: "The platform's rewards account pays the return, not other users' deposits.",
  risk_note: "Spreads can vanish; the return is paid by the platform as disclosed.",
  ...over,
});

/** Operator sessions expire while the tests move the clock by days: sign in again when told so. */
async function asAdmin<T>(method: "GET" | "POST", path: string, body: Record<string, unknown>) {
  let res = await server.call<T>(method, path, body, { token: admin });
  if (res.status === 401) {
    const now = server.clock.now().getTime();
    admin = (await server.newOperator("admin")).token;
    server.clock.set(now);
    res = await server.call<T>(method, path, body, { token: admin });
  }
  return res;
}

async function newProduct(over: Record<string, unknown> = {}): Promise<Product> {
  const res = await asAdmin<Product>("POST", "backoffice/earn/products/save", productBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function user(balance = "1000") {
  const u = await server.newUser();
  if (balance !== "0") await credit(server, u.id, balance);
  return u;
}

const subscribe = (token: string, project_id: number, amount: string, extra: Record<string, unknown> = {}) =>
  server.call<EarnOrder>("POST", "project/order", { project_id, amount, ...extra }, { token });
const host = (token: string, product_id: number, amount: string) => server.call<EarnOrder>("POST", "lh/deposit", { product_id, amount }, { token });

/** Moves the clock to `hh:mm` UTC of `days` days after the current day, then runs the leader's jobs. */
async function runAt(days: number, time = "00:00:30") {
  const day = new Date(server.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
  server.clock.set(Date.parse(`${day}T${time}Z`));
  await server.engines.jobs.runOnce();
}

beforeAll(async () => {
  server = await createTestServer();
  server.clock.set(Date.parse("2026-11-25T14:00:00Z"));
  admin = (await server.newOperator("admin")).token;
});
afterAll(async () => {
  await server?.close();
});

describe("products", () => {
  it("show the daily rate and the APR computed from it, who pays and the risk; closed ones leave the list", async () => {
    const p = await newProduct({ daily_rate: "0.0012" });
    expect(p).toMatchObject({ kind: "arbitrage", daily_rate: "0.0012", apr: "0.438", participants: 0, status: "open", min: "100", max: "5000" });
    const u = await user();
    const list = await server.call<Product[]>("GET", "project", {}, { token: u.token });
    expect(list.body.message.find((x) => x.id === p.id)).toMatchObject({ apr: "0.438", funded_by: expect.stringContaining("rewards"), risk_note: expect.any(String) });
    await server.call("POST", "backoffice/earn/products/save", productBody({ id: p.id, daily_rate: "0.0012", status: "closed" }), { token: admin });
    const open = await server.call<Product[]>("GET", "project", {}, { token: u.token });
    expect(open.body.message.some((x) => x.id === p.id)).toBe(false);
    const closed = await server.call<Product[]>("GET", "project", { status: "closed" }, { token: u.token });
    expect(closed.body.message.some((x) => x.id === p.id)).toBe(true);
  });

  it("only an admin saves; a hosting product is listed by lh/deposit/config, not by project", async () => {
    const reviewer = (await server.newOperator("reviewer")).token;
    const refused = await server.call("POST", "backoffice/earn/products/save", productBody(), { token: reviewer });
    expect(refused.status).toBe(403);
    const h = await newProduct({ kind: "hosting", early_exit_penalty_rate: "0.05", name: "Hosting 30" });
    const u = await user();
    const hosting = await server.call<Product[]>("GET", "lh/deposit/config", {}, { token: u.token });
    expect(hosting.body.message.find((x) => x.id === h.id)).toMatchObject({ early_exit_penalty_rate: "0.05" });
    const arbitrage = await server.call<Product[]>("GET", "project", {}, { token: u.token });
    expect(arbitrage.body.message.some((x) => x.id === h.id)).toBe(false);
  });
});

describe("per-country availability", () => {
  it("a product not offered in the user's KYC country is neither listed nor subscribed; earn switched off refuses every product", async () => {
    const p = await newProduct({ countries_off: ["es", "FR"] });
    expect(p).toMatchObject({ countries_off: ["ES", "FR"] });
    const spain = await user("1000");
    await verifiedIn(server, spain.id, "ES");
    const germany = await user("1000");
    await verifiedIn(server, germany.id, "DE");
    const listed = async (token: string) => (await server.call<Product[]>("GET", "project", {}, { token })).body.message.some((x) => x.id === p.id);
    expect([await listed(spain.token), await listed(germany.token)]).toEqual([false, true]);
    const refused = await subscribe(spain.token, p.id, "100");
    expect([refused.status, refused.body.code]).toEqual([403, "FEATURE_DISABLED"]);
    expect(await walletOf(server, spain.token)).toMatchObject({ available: "1000", frozen: "0" });
    expect((await subscribe(germany.token, p.id, "100")).status).toBe(200);

    // The country switch of the whole product family (kyc/country-switches) refuses even a product offered there.
    const other = await newProduct();
    const switched = await asAdmin("POST", "backoffice/features/save", { options: [], leverage: [], earn: ["DE"], loans: [] });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const off = await subscribe(germany.token, other.id, "100");
    expect([off.status, off.body.code]).toEqual([403, "FEATURE_DISABLED"]);
    await asAdmin("POST", "backoffice/features/save", { options: [], leverage: [], earn: [], loans: [] });
    expect((await subscribe(germany.token, other.id, "100")).status).toBe(200);
  });
});

describe("back office refusals", () => {
  it("a product with impossible terms is refused with its field, and nothing is saved", async () => {
    const before = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM earn_products");
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["max below min", { min: "500", max: "100" }, "PARAMETER_ERROR"],
      ["a daily rate above 100%", { daily_rate: "1.5" }, "PARAMETER_ERROR"],
      ["a negative rate", { daily_rate: "-0.01" }, "PARAMETER_ERROR"],
      ["no term", { days: 0 }, "PARAMETER_ERROR"],
      ["no risk note", { risk_note: " " }, "MISSING_PARAMETER"],
      ["no payer", { funded_by: "" }, "MISSING_PARAMETER"],
      ["a country that is no ISO code", { countries_off: ["Spain"] }, "PARAMETER_ERROR"],
      ["another currency than USDT", { currency: "BTC" }, "PARAMETER_ERROR"],
      ["an unknown product", { id: 999_999 }, "PRODUCT_NOT_FOUND"],
    ];
    for (const [what, over, code] of cases) {
      const res = await asAdmin("POST", "backoffice/earn/products/save", productBody(over));
      expect([what, res.status < 500, res.body.code]).toEqual([what, true, code]);
    }
    expect(await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM earn_products")).toEqual(before);

    // An edit never changes the kind, nor caps participants below those already in.
    const p = await newProduct();
    for (let i = 0; i < 2; i++) expect((await subscribe((await user()).token, p.id, "100")).status).toBe(200);
    const kind = await asAdmin("POST", "backoffice/earn/products/save", productBody({ id: p.id, kind: "hosting" }));
    expect(kind.body.code).toBe("PARAMETER_ERROR");
    const below = await asAdmin("POST", "backoffice/earn/products/save", productBody({ id: p.id, max_participants: 1 }));
    expect([below.body.code, below.body.fields]).toEqual(["PARAMETER_ERROR", expect.objectContaining({ max_participants: expect.any(String) })]);
    const atCount = await asAdmin("POST", "backoffice/earn/products/save", productBody({ id: p.id, max_participants: 2 }));
    expect(atCount.status).toBe(200);
  });
});

describe("subscribe", () => {
  it("holds the principal and starts running; the refusals write nothing", async () => {
    const p = await newProduct({ max_participants: 2 });
    const u = await user("1000");
    const cases: Array<[string, number, string, number, string]> = [
      ["below the minimum", p.id, "99.99", 400, "AMOUNT_BELOW_MIN"],
      ["above the maximum", p.id, "5000.01", 400, "AMOUNT_ABOVE_MAX"],
      ["zero", p.id, "0", 400, "AMOUNT_NOT_POSITIVE"],
      ["not a number", p.id, "1e3", 400, "AMOUNT_ERROR"],
      ["more than the balance", p.id, "1000.01", 400, "INSUFFICIENT_BALANCE"],
      ["an unknown product", 999_999, "100", 404, "PROJECT_NOT_FOUND"],
    ];
    for (const [what, id, amount, status, code] of cases) {
      const res = await subscribe(u.token, id, amount);
      expect([what, res.status, res.body.code]).toEqual([what, status, code]);
    }
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" });

    const ok = await subscribe(u.token, p.id, "400");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toMatchObject({ status: "running", amount: "400", daily_income: "4", days: 3, income_total: "0", apr: "3.65", end_reason: null, paid_days: 0 });
    expect(ok.body.message.ends_at).toBe(Date.parse("2026-11-28T00:00:00Z") / 1000);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "600", frozen: "400" });

    const other = await user("500");
    expect((await subscribe(other.token, p.id, "100")).status).toBe(200);
    const full = await subscribe((await user("500")).token, p.id, "100");
    expect([full.status, full.body.code]).toEqual([409, "MAX_PARTICIPANTS"]);

    const hostingId = (await newProduct({ kind: "hosting" })).id;
    const wrongKind = await subscribe(u.token, hostingId, "100");
    expect(wrongKind.body.code).toBe("PROJECT_NOT_FOUND");
    await expectLedgerSound(server);
  });

  it("a retry with the same idempotency key subscribes once", async () => {
    const p = await newProduct();
    const u = await user("1000");
    const first = await subscribe(u.token, p.id, "100", { idempotency_key: "sub-key-0001" });
    const again = await subscribe(u.token, p.id, "100", { idempotency_key: "sub-key-0001" });
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "900", frozen: "100" });
  });
});

describe("the payout job", () => {
  it("pays each day once at 00:00 UTC, catches up missed days and releases the principal at maturity", async () => {
    server.clock.set(Date.parse("2026-11-25T14:00:00Z"));
    const p = await newProduct({ days: 3, daily_rate: "0.01" });
    const u = await user("1000");
    const order = (await subscribe(u.token, p.id, "500")).body.message;

    await runAt(0, "23:59:59"); // same day: nothing is due yet
    expect(await walletOf(server, u.token)).toMatchObject({ available: "500", frozen: "500" });

    await runAt(1); // 2026-11-26 00:00:30: day 1 (the 25th) paid
    expect(await walletOf(server, u.token)).toMatchObject({ available: "505", frozen: "500" });
    await server.engines.jobs.runOnce(); // again: nothing more
    expect(await walletOf(server, u.token)).toMatchObject({ available: "505", frozen: "500" });
    const running = await server.call<{ list: EarnOrder[] }>("GET", "project/orders", { status: "running" }, { token: u.token });
    expect(running.body.message.list.find((o) => o.id === order.id)).toMatchObject({ income_total: "5", income_yesterday: "5", paid_days: 1 });

    await runAt(4); // down for days: 2026-11-30, days 2 and 3 paid, the principal released
    // An idle session ends after days: the user signs in again.
    u.token = (await server.call<{ token: string }>("POST", "user/login", { account: u.account, password: u.password })).body.message.token;
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1015", frozen: "0" });
    const ended = await server.call<{ list: EarnOrder[] }>("GET", "project/orders", { status: "ended" }, { token: u.token });
    expect(ended.body.message.list.find((o) => o.id === order.id)).toMatchObject({ status: "ended", end_reason: "maturity", income_total: "15", paid_days: 3 });
    const records = await server.call<{ list: EarnIncome[]; total: number }>("GET", "lh/deposit/records", { order_id: order.id }, { token: u.token });
    expect(records.body.message.list.map((r) => [r.day, r.amount])).toEqual([
      ["2026-11-27", "5"],
      ["2026-11-26", "5"],
      ["2026-11-25", "5"],
    ]);
    const finance = await ledgerReads.entries(server.database.db, u.id, { page: 1, limit: 10 });
    expect(finance.list.map((l) => l.kind)).toEqual(["earn.release", "earn.income", "earn.income", "earn.income", "earn.hold", "deposit"]);
    // Their newest personal message (notices are listed by their time, and the seeded welcome notice bears the real one).
    const inbox = await server.call<{ list: Array<{ kind: string; title: string; body: string }> }>("GET", "user/usermessage", { lang: "en" }, { token: u.token });
    const told = inbox.body.message.list.find((item) => item.kind === "message");
    expect(told?.title).toBe("Earn order matured");
    expect(told?.body).toContain("it earned 15.00 USDT in total");

    await runAt(3);
    u.token = (await server.call<{ token: string }>("POST", "user/login", { account: u.account, password: u.password })).body.message.token;
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1015", frozen: "0" });
    await expectLedgerSound(server);
  });
});

describe("the payout job in batches", () => {
  it("pays every order's missed days once, however the orders fall into batches", async () => {
    const p = await newProduct({ days: 10, daily_rate: "0.01" });
    const users = [];
    for (let i = 0; i < 5; i++) {
      const u = await user("1000");
      expect((await subscribe(u.token, p.id, "100")).status).toBe(200);
      users.push(u);
    }
    // Two 00:00 UTC passed with the leader down: a pass of 2 orders per transaction catches both days up.
    const day = new Date(server.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    server.clock.set(Date.parse(`${day}T00:00:30Z`));
    const run = await server.engines.earn.settlement.runPayouts(server.clock.now().getTime(), 2);
    expect(run.paid).toBeGreaterThanOrEqual(10);
    expect(run.batches).toBeGreaterThanOrEqual(5);
    for (const u of users) expect((await ledgerReads.balances(server.database.db, u.id)).find((b) => b.currency === "USDT")).toMatchObject({ available: "902", frozen: "100" });
    expect(await server.engines.earn.settlement.runPayouts(server.clock.now().getTime(), 2)).toEqual({ paid: 0, matured: 0, batches: 0 });
    await expectLedgerSound(server);
  });
});

describe("hosting", () => {
  it("terminates early: principal minus the penalty returns, paid income is kept, 'contract break successful'", async () => {
    server.clock.set(Date.parse("2026-12-10T09:00:00Z"));
    const h = await newProduct({ kind: "hosting", days: 30, daily_rate: "0.002", early_exit_penalty_rate: "0.05" });
    const u = await user("2000");
    const order = (await host(u.token, h.id, "1000")).body.message;
    expect(order).toMatchObject({ kind: "hosting", early_exit_return: "950", early_exit_penalty_rate: "0.05" });
    await runAt(1);
    await runAt(1);
    const sum = await server.call<Record<string, unknown>>("GET", "lh/deposit/ordersum", {}, { token: u.token });
    expect(sum.body.message).toEqual({ hosted: "1000", total_income: "4", yesterday_income: "2", running: 1, currency: "USDT" });

    const arbitrage = await newProduct();
    const arb = (await subscribe(u.token, arbitrage.id, "100")).body.message;
    const notHosting = await server.call("POST", "lh/deposit/cancel", { id: arb.id }, { token: u.token });
    expect(notHosting.body).toMatchObject({ code: "ILLEGAL_OPERATION" });
    const stranger = await server.call("POST", "lh/deposit/cancel", { id: order.id }, { token: (await user("0")).token });
    expect([stranger.status, stranger.body.code]).toEqual([404, "DATA_NOT_FOUND"]);

    const cancelled = await server.call<EarnOrder>("POST", "lh/deposit/cancel", { id: order.id }, { token: u.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toMatchObject({ status: "ended", end_reason: "early", penalty: "50", income_total: "4" });
    // 2000 - 1000 hosted - 100 arbitrage + 4 income + 950 back
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1854", frozen: "100" });
    const twice = await server.call("POST", "lh/deposit/cancel", { id: order.id }, { token: u.token });
    expect([twice.status, twice.body.code]).toEqual([409, "ORDER_STATUS_ERROR"]);
    await runAt(1);
    expect((await walletOf(server, u.token)).available).toBe("1855"); // only the arbitrage order is paid now
    const after = await server.call<Record<string, unknown>>("GET", "lh/deposit/ordersum", {}, { token: u.token });
    expect(after.body.message).toMatchObject({ hosted: "0", total_income: "4", running: 0 });
    await expectLedgerSound(server);
  });
});

describe("back office", () => {
  it("shows earn liabilities (principal held, income due to maturity) against the rewards account", async () => {
    const res = await asAdmin<{ liabilities: Array<Record<string, unknown>> }>("GET", "backoffice/earn/products", {});
    expect(res.status).toBe(200);
    const usdt = res.body.message.liabilities.find((l) => l.currency === "USDT")!;
    const rows = await server.database.query<{ principal: string; running: number }>(
      "SELECT coalesce(sum(amount), 0)::text AS principal, count(*)::int AS running FROM earn_orders WHERE status = 'running'",
    );
    expect(usdt).toMatchObject({ running_orders: rows[0].running });
    expect(Number(usdt.principal)).toBe(Number(rows[0].principal));
    expect(String(usdt.rewards_balance).startsWith("-")).toBe(true);
  });
});

describe("property: any subscriptions, leader downtime and early exits keep the ledger sound", () => {
  /**
   * Each plan is one user with 1,000 USDT and one order; `leaderRan[k]` says whether the payout job ran at the
   * 00:00 UTC after day k (downtime when false); a hosting order may be terminated after day `exitAfter`. Whatever
   * the sequence: each order is paid exactly the days that had passed at its last payout run (missed days caught
   * up, none twice), the principal is held while it runs and back after, the penalty is kept only on an early exit,
   * and ledgerReads.verify finds nothing wrong.
   */
  it("balances, income records and ledgerReads.verify agree with the days that passed", async () => {
    const terms = { arbitrage: { days: 3, rate: "0.01", penalty: "0" }, hosting: { days: 4, rate: "0.002", penalty: "0.05" } } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom("arbitrage" as const, "hosting" as const), amount: fc.integer({ min: 100, max: 1000 }), exitAfter: fc.option(fc.integer({ min: 0, max: 5 })) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        async (plans, leaderRan) => {
          const tomorrow = new Date(server.clock.now().getTime() + DAY).toISOString().slice(0, 10);
          server.clock.set(Date.parse(`${tomorrow}T10:00:00Z`));
          const products = {
            arbitrage: await newProduct({ days: terms.arbitrage.days, daily_rate: terms.arbitrage.rate }),
            hosting: await newProduct({ kind: "hosting", days: terms.hosting.days, daily_rate: terms.hosting.rate, early_exit_penalty_rate: terms.hosting.penalty }),
          };
          const orders = [];
          for (const plan of plans) {
            const u = await user("1000");
            const res = plan.kind === "arbitrage" ? await subscribe(u.token, products.arbitrage.id, String(plan.amount)) : await host(u.token, products.hosting.id, String(plan.amount));
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            orders.push({ plan, user: u, order: res.body.message, paidDays: 0, exited: false });
          }

          const steps = [...leaderRan, true]; // the leader is back at the end and catches up
          for (const [i, ran] of steps.entries()) {
            const day = i + 1;
            if (ran) await runAt(1);
            else server.clock.set(server.clock.now().getTime() + DAY);
            for (const o of orders) {
              if (ran && !o.exited) o.paidDays = Math.min(terms[o.plan.kind].days, day);
              if (o.plan.kind !== "hosting" || o.plan.exitAfter !== day || o.exited) continue;
              // Sessions end after idle days: the user signs in again to terminate.
              const token = (await server.call<{ token: string }>("POST", "user/login", { account: o.user.account, password: o.user.password })).body.message.token;
              const ended = await server.call<EarnOrder>("POST", "lh/deposit/cancel", { id: o.order.id }, { token });
              const matured = o.paidDays === terms.hosting.days;
              expect([ended.status, ended.body.code ?? "ok"]).toEqual(matured ? [409, "ORDER_STATUS_ERROR"] : [200, "ok"]);
              o.exited = !matured;
            }
          }

          for (const o of orders) {
            const t = terms[o.plan.kind];
            const daily = money(o.plan.amount).times(t.rate);
            const running = !o.exited && o.paidDays < t.days;
            const penalty = o.exited ? money(o.plan.amount).times(t.penalty) : money(0);
            const [usdt] = (await ledgerReads.balances(server.database.db, o.user.id)).filter((b) => b.currency === "USDT");
            const expected = money(1000).plus(daily.times(o.paidDays)).minus(penalty);
            expect([money(usdt.available).plus(usdt.frozen).toString(), usdt.frozen]).toEqual([expected.toString(), running ? String(o.plan.amount) : "0"]);
            const records = await server.database.query<{ day: string; amount: string }>("SELECT day::text AS day, amount::text AS amount FROM earn_income WHERE order_id = $1 ORDER BY day", [o.order.id]);
            expect(records.length).toBe(o.paidDays);
            expect(new Set(records.map((r) => r.day)).size).toBe(o.paidDays);
          }
          expect(await ledgerReads.verify(server.database.db)).toEqual([]);
        },
      ),
      { numRuns: 5 },
    );
  });
});

describe.runIf(testDatabaseKind() === "postgres")("concurrency (PostgreSQL)", () => {
  it("100 parallel subscriptions spending the same USDT: only what the balance covers is held", async () => {
    const p = await newProduct({ min: "100", max: "1000" });
    const u = await user("1000");
    const results = await Promise.all(Array.from({ length: 100 }, () => subscribe(u.token, p.id, "100")));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "0", frozen: "1000" });
    await expectLedgerSound(server);
  });

  it("a participants cap holds under 30 parallel subscriptions", async () => {
    const p = await newProduct({ max_participants: 7 });
    const users = await Promise.all(Array.from({ length: 30 }, () => user("500")));
    const results = await Promise.all(users.map((u) => subscribe(u.token, p.id, "100")));
    expect(results.filter((r) => r.status === 200).length).toBe(7);
    const [row] = await server.database.query<{ participants: number }>("SELECT participants FROM earn_products WHERE id = $1", [p.id]);
    expect(row.participants).toBe(7);
  });

  it("two payout runs at once pay each day once", async () => {
    const p = await newProduct({ days: 5 });
    const u = await user("1000");
    await subscribe(u.token, p.id, "1000");
    server.clock.set(server.clock.now().getTime() + 2 * DAY);
    const now = server.clock.now().getTime();
    await Promise.all([server.engines.earn.runJobs(now), server.engines.earn.runJobs(now), server.engines.earn.runJobs(now)]);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "20", frozen: "1000" });
    await expectLedgerSound(server);
  });
});
