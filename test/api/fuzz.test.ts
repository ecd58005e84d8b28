import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { fuzzCredentials, fuzzRequests, fuzzTargets, LOOSE_SHAPES, NESTED_BODY, sendFuzz, toInject, type FuzzCredentials, type FuzzTarget } from "../../server/src/testing/fuzz";
import { credit, passKyc } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * Bad input never produces a 5xx: malformed values of every kind, sent to every route of the OpenAPI document, by
 * every kind of caller, in every encoding. `FUZZ_RUNS` raises the count (the bench `npm run bench -- fuzz` sends
 * 20,000 and prints the status histogram); a failure prints the smallest request that broke the server.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);

let server: TestServer;
let targets: FuzzTarget[];
let credentials: FuzzCredentials;

beforeAll(async () => {
  server = await createTestServer();
  const document = (await server.app.inject({ url: "/api/openapi.json" })).json();
  targets = fuzzTargets(document);
  credentials = await fuzzCredentials(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

describe("fuzzing every OpenAPI route", () => {
  it("finds every route of the document, operators' ones marked as such", () => {
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.find((t) => t.url === "/api/backoffice/me")?.access).toBe("operator");
    expect(targets.find((t) => t.url === "/api/wallet/list")?.access).toBe("user");
    expect(targets.find((t) => t.url === "/api/wallet/charge_req")?.files).toContain("voucher");
  });

  it("answers every route's hostile payload in each encoding with less than 500", async () => {
    // A fixed pass first, so every route is hit whatever the random part draws.
    const failures: string[] = [];
    for (const target of targets) {
      for (const encoding of ["natural", "form", "broken-multipart"] as const) {
        const fields = Object.fromEntries(Object.keys(target.properties).map((name) => [name, "a\u0000b"]));
        const request = { target, auth: target.access === "public" ? ("none" as const) : target.access, encoding, fields: { ...fields, id: [1] }, rawQuery: "%", file: "none" as const };
        const outcome = await sendFuzz(server.app, request, credentials);
        if (outcome.status >= 500) failures.push(`${target.method} ${target.url} ${encoding}: ${outcome.status} ${outcome.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`answers ${RUNS} random malformed requests with less than 500`, async () => {
    await fc.assert(
      fc.asyncProperty(fuzzRequests(targets), async (request) => {
        const outcome = await sendFuzz(server.app, request, credentials);
        if (outcome.status >= 500) {
          const sent = toInject(request, credentials);
          throw new Error(`${outcome.status} on ${sent.method} ${String(sent.url)}: ${outcome.body}\npayload: ${String(sent.payload ?? "").slice(0, 500)}`);
        }
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);

  it("answers the money routes' oversized and loosely typed values, and a deeply nested body, with less than 500", async () => {
    // A user with money, a passed KYC and an open position, and a live price: so that every value the contract lets
    // through reaches the services and the database (a 19-digit price once overflowed NUMERIC(36,18) there).
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const user = await server.newUser();
    await credit(server, user.id, "1000000");
    await passKyc(server, user.id);
    const operator = (await server.newOperator("admin")).token;
    // A fresh price (the steps above may have moved the clock on), so orders are not refused as "prices paused".
    await tick(server, { "BTC/USDT": "60000" });
    const opened = await server.call<{ id: number }>("POST", "lever/submit", { symbol: "BTC/USDT", direction: "long", quantity: "0.01", leverage: 10 }, { token: user.token });
    expect(opened.status).toBe(200);
    const product = { kind: "arbitrage", name: "Fuzz", min: "10", max: "1000", days: 7, daily_rate: "0.001", max_participants: 0, funded_by: "desk", risk_note: "risk" };
    const saved = await server.call<{ id: number }>("POST", "backoffice/earn/products/save", product, { token: operator });
    expect(saved.status).toBe(200);
    const bases: { path: string; token: string; body: Record<string, unknown> }[] = [
      { path: "lever/submit", token: user.token, body: { symbol: "BTC/USDT", direction: "long", type: "limit", quantity: "0.01", price: "59000", leverage: 10, tp_price: "70000", sl_price: "50000" } },
      { path: "lever/setstop", token: user.token, body: { id: opened.body.message.id, tp_price: "70000", sl_price: "50000" } },
      { path: "coin/trade", token: user.token, body: { symbol: "BTC/USDT", side: "buy", type: "limit", quantity: "0.01", price: "59000" } },
      { path: "microtrade/submit", token: user.token, body: { symbol: "BTC/USDT", direction: "up", seconds: 60, amount: "10" } },
      { path: "project/order", token: user.token, body: { project_id: saved.body.message.id, amount: "10" } },
      { path: "lh/deposit", token: user.token, body: { product_id: saved.body.message.id, amount: "10" } },
      { path: "lh/loan/submit", token: user.token, body: { amount: "100", days: 7, agree: "1" } },
      { path: "lh/loan/repayment", token: user.token, body: { id: 1, amount: "10" } },
      { path: "wallet/flashAgainst", token: user.token, body: { from: "USDT", to: "BTC", amount: "10" } },
      { path: "backoffice/earn/products/save", token: operator, body: { ...product, id: saved.body.message.id } },
      { path: "backoffice/market/pairs/update", token: operator, body: { symbol: "BTC/USDT", price_precision: 2, quantity_max: "1000", spread_rate: "0.0004" } },
      { path: "backoffice/users/adjust", token: operator, body: { user_id: user.id, currency: "USDT", amount: "1", reason: "fuzz", idempotency_key: "fuzz-adjust-1" } },
    ];
    const failures: string[] = [];
    for (const base of bases) {
      await tick(server, { "BTC/USDT": "60000" });
      for (const field of Object.keys(base.body)) {
        for (const shape of LOOSE_SHAPES) {
          const res = await server.call("POST", base.path, { ...base.body, [field]: shape }, { token: base.token });
          if (res.status >= 500) failures.push(`${base.path} ${field}=${JSON.stringify(shape)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
      const nested = await server.app.inject({ method: "POST", url: `/api/${base.path}`, headers: { authorization: base.token, "content-type": "application/json" }, payload: NESTED_BODY });
      if (nested.statusCode !== 400) failures.push(`${base.path} nested body: ${nested.statusCode} ${nested.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
