import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "../../server/contract";
import type { Call } from "../../server/contract";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit, expectLedgerSound, readyUser, TRADE_PASSWORD, type ReadyUser } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * Every money route whose contract takes an `idempotency_key`, route by route: the same request twice answers the
 * first answer and posts once; the same key with another request is IDEMPOTENCY_CONFLICT (409) and posts nothing.
 */
let server: TestServer;
let user: ReadyUser;
let operator: string;
const BTC = "BTC/USDT";

/** Each keyed route: how to make a valid request of it (the key is added by the test). */
type Case = { token: () => string; body: Record<string, unknown> | (() => Promise<Record<string, unknown>>); other: Record<string, unknown> };
const cases: Record<string, Case> = {};

/** Keyed routes proven by their own tests (multipart uploads, operator decisions on requests made there). */
const COVERED_ELSEWHERE: Record<string, string> = {
  "wallet/charge_req": "funding/deposits.test.ts (a multipart upload)",
  "lh/loan/submit": "loans/loans.test.ts (a multipart upload of five photos)",
  "backoffice/deposits/approve": "test/api/operator-decisions.test.ts",
  "backoffice/deposits/reject": "test/api/operator-decisions.test.ts",
  "backoffice/withdrawals/approve": "test/api/operator-decisions.test.ts",
  "backoffice/withdrawals/reject": "test/api/operator-decisions.test.ts",
  "backoffice/kyc/approve": "test/api/operator-decisions.test.ts",
  "backoffice/kyc/reject": "test/api/operator-decisions.test.ts",
  "backoffice/loans/approve": "test/api/operator-decisions.test.ts",
  "backoffice/loans/reject": "test/api/operator-decisions.test.ts",
  "lh/loan/repayment": "loans/loans.test.ts",
};

async function product(kind: "arbitrage" | "hosting"): Promise<number> {
  const res = await server.call<{ id: number }>(
    "POST",
    "backoffice/earn/products/save",
    { kind, name: `Keyed ${kind}`, min: "10", max: "1000", days: 7, daily_rate: "0.001", early_exit_penalty_rate: "0.05", funded_by: "desk", risk_note: "risk" },
    { token: operator },
  );
  expect(res.status).toBe(200);
  return res.body.message.id;
}

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  // Forex trades on weekdays: a Wednesday noon, UTC.
  server.clock.set(Date.UTC(2026, 10, 25, 12, 0, 0));
  await tick(server, { [BTC]: "60000", "EUR/USD": "1.08000" });
  user = await readyUser(server, "100000");
  await credit(server, user.id, "1", "BTC");
  const withdrawer = await readyUser(server, "1000");
  operator = (await server.newOperator("admin")).token;
  const arbitrage = await product("arbitrage");
  const hosting = await product("hosting");
  const me = () => user.token;
  Object.assign(cases, {
    "lever/submit": { token: me, body: { symbol: BTC, direction: "long", type: "market", quantity: "0.01", leverage: 10 }, other: { quantity: "0.02" } },
    "coin/trade": { token: me, body: { symbol: BTC, side: "buy", type: "market", quantity: "0.01" }, other: { quantity: "0.02" } },
    // A take-profit above and a stop below the price, on one hold of the coins.
    "coin/oco": { token: me, body: { symbol: BTC, side: "sell", quantity: "0.01", price: "66000", stop_price: "55000" }, other: { quantity: "0.02" } },
    "microtrade/submit": { token: me, body: { symbol: BTC, direction: "up", seconds: 60, amount: "10" }, other: { amount: "11" } },
    "microtrade/whsubmit": { token: me, body: { symbol: "EUR/USD", direction: "down", seconds: 60, amount: "10" }, other: { direction: "up" } },
    "project/order": { token: me, body: { project_id: arbitrage, amount: "10" }, other: { amount: "12" } },
    "lh/deposit": { token: me, body: { product_id: hosting, amount: "10" }, other: { amount: "12" } },
    "lh/deposit/cancel": {
      token: me,
      body: async () => {
        const order = await server.call<{ id: number }>("POST", "lh/deposit", { product_id: hosting, amount: "20" }, { token: user.token });
        expect(order.status).toBe(200);
        return { id: order.body.message.id };
      },
      other: { id: 999_999 },
    },
    // Its own user: open positions hold withdrawals.
    "wallet/out": { token: () => withdrawer.token, body: { currency: "USDT", amount: "150", address_id: withdrawer.addressId, trade_password: TRADE_PASSWORD }, other: { amount: "151" } },
    "wallet/flashAgainst": { token: me, body: { from: "USDT", to: "BTC", amount: "10" }, other: { amount: "11" } },
    "backoffice/users/adjust": { token: () => operator, body: { user_id: user.id, currency: "USDT", amount: "5", reason: "Keyed retry" }, other: { amount: "6" } },
  } satisfies Record<string, Case>);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const entries = async () => Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM ledger_entries"))[0].n);

describe("keyed money routes", () => {
  it("every route whose contract takes an idempotency_key is in the table, or named with the test that proves it", () => {
    const keyed: string[] = [];
    for (const domain of Object.values(contract)) {
      if (!domain || typeof domain !== "object") continue;
      for (const call of Object.values(domain as Record<string, unknown>)) {
        const shape = (call as Call)?.input?.shape as Record<string, unknown> | undefined;
        if ((call as Call)?.path && shape && "idempotency_key" in shape) keyed.push((call as Call).path);
      }
    }
    expect(keyed.length).toBeGreaterThanOrEqual(15);
    expect(keyed.filter((path) => !(path in cases) && !(path in COVERED_ELSEWHERE)).sort()).toEqual([]);
  });

  it.each(["lever/submit", "coin/trade", "coin/oco", "microtrade/submit", "microtrade/whsubmit", "project/order", "lh/deposit", "lh/deposit/cancel", "wallet/out", "wallet/flashAgainst", "backoffice/users/adjust"])(
    "%s: a retry answers the first answer and posts once; the key with another request is IDEMPOTENCY_CONFLICT",
    async (path) => {
      const c = cases[path];
      await tick(server, { [BTC]: "60000", "EUR/USD": "1.08000" });
      const body = { ...(typeof c.body === "function" ? await c.body() : c.body), idempotency_key: `retry-${randomBytes(6).toString("hex")}` };
      const before = await entries();
      const first = await server.call("POST", path, body, { token: c.token() });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const posted = await entries();
      expect(posted).toBeGreaterThan(before);
      const again = await server.call("POST", path, body, { token: c.token() });
      expect([again.status, again.body.message]).toEqual([200, path === "backoffice/users/adjust" ? { ...(first.body.message as object), duplicate: true } : first.body.message]);
      const conflict = await server.call("POST", path, { ...body, ...c.other }, { token: c.token() });
      expect([conflict.status, conflict.body.code]).toEqual([409, "IDEMPOTENCY_CONFLICT"]);
      expect(await entries()).toBe(posted);
      await expectLedgerSound(server);
    },
  );
});
