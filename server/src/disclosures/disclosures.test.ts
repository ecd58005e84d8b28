import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LossShareView } from "../../contract/disclosures";
import { createTestServer, type TestServer } from "../testing/harness";
import { LOSS_SHARE_MIN_ACCOUNTS, LOSS_SHARE_TTL_MS } from "./disclosures.service";
import { lossShareOf } from "./loss-share.engine";

/**
 * The loss share of the risk warnings, computed from rows as the engines leave them (closed positions, settled
 * options): each account counted once by its net result over the window, the window's edge at exactly 90 days,
 * open positions and cancelled orders not counted, no share below the minimum of accounts, and a cached answer.
 */

const DAY_MS = 86_400_000;
let server: TestServer;
const userIds: number[] = [];
let nowMs: number;

beforeAll(async () => {
  server = await createTestServer();
  for (let i = 0; i < LOSS_SHARE_MIN_ACCOUNTS + 2; i++) userIds.push((await server.newUser()).id);
  nowMs = server.clock.now().getTime();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query("DELETE FROM positions");
  await server.database.query("DELETE FROM options");
});

const at = (ms: number) => new Date(ms).toISOString();

/** A position as the engine leaves it: closed with its net P&L, or still open / a cancelled order. */
async function position(userId: number, status: "closed" | "open" | "cancelled", pnl: string | null, closedAtMs: number | null) {
  const closed = status === "closed";
  await server.database.query(
    `INSERT INTO positions (user_id, symbol, kind, direction, type, quantity, contract_size, leverage, price_precision, quote_rate, fee_rate,
       maintenance_rate, margin, open_price, open_tick_price, open_tick_at_ms, status, close_reason, close_price, close_tick_at_ms, payout, pnl,
       created_at, closed_at)
     VALUES ($1, 'BTC/USDT', 'crypto', 'long', 'market', 1, 1, 10, 2, 1, 0, 0, 100, 100, 100, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [userId, nowMs - 100 * DAY_MS, status, closed ? "user" : null, closed ? 100 : null, closed ? closedAtMs : null, closed ? "1" : null, pnl, at(nowMs - 100 * DAY_MS), closedAtMs === null ? null : at(closedAtMs)],
  );
}

/** A timed option: settled with its payout (the stake back plus the profit on a win, 0 on a loss), or still open. */
async function option(userId: number, amount: string, payout: string | null, settledAtMs: number | null, currency = "USDT") {
  const opened = (settledAtMs ?? nowMs) - 60_000;
  await server.database.query(
    `INSERT INTO options (user_id, symbol, kind, direction, seconds, amount, currency, rate, open_tick_price, open_tick_at_ms, expires_at_ms,
       status, result, payout, close_tick_price, close_tick_at_ms, created_at, settled_at)
     VALUES ($1, 'BTC/USDT', 'crypto', 'up', 60, $2, $3, 0.85, 100, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [userId, amount, currency, opened, opened + 60_000, payout === null ? "open" : "settled", payout === null ? null : "loss", payout, payout === null ? null : 100,
      payout === null ? null : opened + 60_000, at(opened), settledAtMs === null ? null : at(settledAtMs)],
  );
}

const family = (view: LossShareView, name: "leveraged" | "options") => view.families.find((f) => f.family === name)!;
const compute = () => server.engines.disclosures.service.compute(nowMs);

describe("loss share: the engine", () => {
  it.each([
    { nets: [], min: 1, expected: { accounts: 0, losing: 0, share: null } },
    { nets: ["-1", "2", "0"], min: 3, expected: { accounts: 3, losing: 1, share: "0.3333" } },
    { nets: ["-1", "-2"], min: 3, expected: { accounts: 2, losing: 2, share: null } },
    { nets: ["-0.000000000000000001", "5"], min: 2, expected: { accounts: 2, losing: 1, share: "0.5000" } },
  ])("nets $nets with at least $min accounts", ({ nets, min, expected }) => {
    expect(lossShareOf(nets.map((net, i) => ({ userId: i, currency: "USDT", net })), min)).toEqual(expected);
  });
});

describe("loss share: leveraged positions", () => {
  it("says nothing (null, not 0 %) before any position closed, even with open ones", async () => {
    await position(userIds[0], "open", null, null);
    await position(userIds[1], "cancelled", null, nowMs - DAY_MS);
    expect(family(await compute(), "leveraged")).toEqual({ family: "leveraged", accounts: 0, losing: 0, share: null });
  });

  it("counts each account once by its net result across the window, the edge at exactly 90 days included", async () => {
    // A loss and a bigger win: a winner. A win and a bigger loss: a loser. Break-even: not a loser.
    await position(userIds[0], "closed", "50", nowMs - 10 * DAY_MS);
    await position(userIds[0], "closed", "-20", nowMs - 5 * DAY_MS);
    await position(userIds[1], "closed", "5", nowMs - 10 * DAY_MS);
    await position(userIds[1], "closed", "-10", nowMs - DAY_MS);
    await position(userIds[2], "closed", "-3", nowMs - DAY_MS);
    await position(userIds[2], "closed", "3", nowMs);
    // Exactly 90 days ago counts; a millisecond earlier does not (that account has nothing else in the window).
    await position(userIds[3], "closed", "-7", nowMs - 90 * DAY_MS);
    await position(userIds[4], "closed", "-7", nowMs - 90 * DAY_MS - 1);
    // The big old loss is outside the window: only the recent win counts.
    await position(userIds[5], "closed", "-1000", nowMs - 91 * DAY_MS);
    await position(userIds[5], "closed", "1", nowMs - DAY_MS);
    // Only open positions: not counted.
    await position(userIds[6], "open", null, null);
    const leveraged = family(await compute(), "leveraged");
    expect(leveraged).toEqual({ family: "leveraged", accounts: 5, losing: 2, share: null });
  });

  it("publishes the share once enough accounts have results", async () => {
    for (let i = 0; i < LOSS_SHARE_MIN_ACCOUNTS; i++) await position(userIds[i], "closed", i < 7 ? "-1.5" : "2", nowMs - DAY_MS);
    const view = await compute();
    expect(family(view, "leveraged")).toEqual({ family: "leveraged", accounts: 10, losing: 7, share: "0.7000" });
    expect(view).toMatchObject({ window_days: 90, min_accounts: LOSS_SHARE_MIN_ACCOUNTS });
  });
});

describe("loss share: timed options", () => {
  it("nets payouts against stakes per account and currency; open options do not count", async () => {
    // A win (+8.5) and a loss (-10): -1.5, a loser. A tie: 0. A loss in BTC is another account of the same user.
    await option(userIds[0], "10", "18.5", nowMs - DAY_MS);
    await option(userIds[0], "10", "0", nowMs - 2 * DAY_MS);
    await option(userIds[1], "10", "10", nowMs - DAY_MS);
    await option(userIds[1], "0.1", "0", nowMs - DAY_MS, "BTC");
    await option(userIds[2], "10", "0", nowMs - 90 * DAY_MS - 1);
    await option(userIds[3], "10", null, null);
    expect(family(await compute(), "options")).toEqual({ family: "options", accounts: 3, losing: 2, share: null });
    // Positions and options are separate families.
    expect(family(await compute(), "leveraged").accounts).toBe(0);
  });
});

describe("loss share: the public call", () => {
  it("answers without a session and serves the cached figure until the TTL passes", async () => {
    const first = await server.call<LossShareView>("GET", "disclosures/loss_share");
    expect(first.status).toBe(200);
    const before = family(first.body.message, "leveraged").accounts;
    for (let i = 0; i < LOSS_SHARE_MIN_ACCOUNTS; i++) await position(userIds[i], "closed", "-1", server.clock.now().getTime());
    // Within the TTL the cached figure is served: no scan per request.
    server.clock.advance(LOSS_SHARE_TTL_MS - 1_000);
    const cached = await server.call<LossShareView>("GET", "disclosures/loss_share");
    expect(cached.body.message).toEqual(first.body.message);
    server.clock.advance(2_000);
    const fresh = await server.call<LossShareView>("GET", "disclosures/loss_share");
    expect(family(fresh.body.message, "leveraged")).toEqual({ family: "leveraged", accounts: before + 10, losing: 10, share: "1.0000" });
    expect(fresh.body.message.computed_at).toBeGreaterThan(first.body.message.computed_at);
  });
});
