import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FinanceLine, WalletItem } from "../../contract/wallet";
import { ledger, ledgerReads, money, type Cause, type EntryKind } from "../ledger";
import { createTestServer, type TestServer } from "../testing/harness";
import { credit, expectLedgerSound } from "../testing/money";

/**
 * The finance records add up: over a random sequence of what moves a user's money (deposits, conversions, holds
 * settled or released, debits and credits, operators' adjustments), each currency's records run from zero through
 * every change to exactly the wallet's balance, and each line's change is its available change plus its frozen one.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A small seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function allLines(token: string, currency?: string): Promise<FinanceLine[]> {
  const lines: FinanceLine[] = [];
  for (let page = 1; ; page++) {
    const answer = await server.call<{ list: FinanceLine[]; total: number }>("POST", "wallet/detail", { page, limit: 50, ...(currency ? { currency } : {}) }, { token });
    expect(answer.status).toBe(200);
    lines.push(...answer.body.message.list);
    if (lines.length >= answer.body.message.total) return lines;
  }
}

async function expectRecordsEndAtWallets(token: string): Promise<void> {
  const wallets = (await server.call<WalletItem[]>("POST", "wallet/list", {}, { token })).body.message;
  const everything = await allLines(token);
  for (const wallet of wallets) {
    const lines = await allLines(token, wallet.currency);
    // Newest first: the newest line's balance is the wallet's; walking back, each balance is the one before plus the change.
    let running = money(0);
    for (const line of [...lines].reverse()) {
      expect(money(line.change).eq(money(line.available_change).plus(line.frozen_change)), `entry ${line.entry_id}`).toBe(true);
      running = running.plus(line.change);
      expect(money(line.balance).eq(running), `balance after entry ${line.entry_id}`).toBe(true);
    }
    expect(running.eq(money(wallet.balance)), `${wallet.currency}: records end at ${running.toFixed()}, wallet shows ${wallet.balance}`).toBe(true);
    // The unfiltered list agrees: its newest line of this currency shows the same balance.
    const newest = everything.find((line) => line.currency === wallet.currency);
    expect(newest?.balance ?? "0").toBe(lines[0]?.balance ?? "0");
  }
}

describe("finance records", () => {
  it.each([1, 7, 42])("end at the wallet's balance after a random sequence of operations (seed %i)", async (seed) => {
    const next = random(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const amount = (max: number) => (Math.floor(next() * max * 100) / 100 + 0.01).toFixed(2);
    const user = await server.newUser();
    const operator = await server.newOperator();
    const holds: Array<{ id: number; amount: string }> = [];
    await credit(server, user.id, "500");
    await credit(server, user.id, "0.5", "BTC");
    for (let step = 0; step < 40; step++) {
      const key = `finance-${seed}-${step}`;
      const operation = pick(["deposit", "convert", "hold", "resolve", "debit", "credit", "adjust"] as const);
      const [wallet] = (await ledgerReads.balances(server.database.db, user.id)).filter((b) => b.currency === "USDT");
      const available = Number(wallet?.available ?? 0);
      if (operation === "deposit") await credit(server, user.id, amount(100), pick(["USDT", "BTC"]));
      else if (operation === "convert" && available > 20) {
        const answer = await server.call("POST", "wallet/flashAgainst", { from: "USDT", to: "BTC", amount: "20", idempotency_key: key }, { token: user.token });
        expect(answer.status).toBe(200);
      } else if (operation === "hold" && available > 10) {
        const value = amount(10);
        const held = await server.database.db.transaction((tx) => ledger.hold(tx, { key, userId: user.id, currency: "USDT", amount: value, cause: { kind: "withdrawal", id: key } }));
        holds.push({ id: held.holdId, amount: value });
      } else if (operation === "resolve" && holds.length > 0) {
        const hold = holds.splice(Math.floor(next() * holds.length), 1)[0];
        const settle = next() < 0.5;
        await server.database.db.transaction((tx) =>
          settle
            ? ledger.settle(tx, { holdId: hold.id, key, legs: [{ account: { platform: "withdrawals_out" }, currency: "USDT", amount: hold.amount }] })
            : ledger.release(tx, { holdId: hold.id, key }),
        );
      } else if (operation === "debit" && available > 5) {
        const value = amount(5);
        await server.database.db.transaction((tx) =>
          ledger.post(tx, { key, kind: "spot.buy", cause: { kind: "spot_order", id: key }, legs: [{ account: { user: user.id }, currency: "USDT", amount: `-${value}` }, { account: { platform: "spot" }, currency: "USDT", amount: value }] }),
        );
      } else if (operation === "credit") {
        const value = amount(5);
        await server.database.db.transaction((tx) =>
          ledger.post(tx, { key, kind: "option.win", cause: { kind: "option", id: key }, legs: [{ account: { user: user.id }, currency: "USDT", amount: value }, { account: { platform: "options" }, currency: "USDT", amount: `-${value}` }] }),
        );
      } else if (operation === "adjust") {
        const value = available > 3 && next() < 0.5 ? `-${amount(3)}` : amount(3);
        await server.database.db.transaction((tx) => ledger.adjust(tx, { userId: user.id, currency: "USDT", amount: value, reason: `test ${key}`, operatorId: operator.id, key }));
      }
      if (step % 10 === 9) await expectRecordsEndAtWallets(user.token);
    }
    await expectRecordsEndAtWallets(user.token);
    // The sequence did exercise the ledger's kinds of change (deposits, conversions, holds and their outcomes...).
    const kinds = new Set((await allLines(user.token)).map((line) => line.kind));
    expect(kinds.size, [...kinds].join(", ")).toBeGreaterThanOrEqual(6);
    await expectLedgerSound(server);
  });
});

describe("finance records: the list behind each cause", () => {
  it("names the desk of a position and an option; null for an unknown row and for causes with one list", async () => {
    const user = await server.newUser();
    const insert = async (sqlText: string, params: unknown[]) => (await server.database.query<{ id: string }>(sqlText, params))[0].id;
    const now = new Date().toISOString();
    const forexPosition = await insert(
      `INSERT INTO positions (user_id, symbol, kind, direction, type, quantity, contract_size, leverage, price_precision, quote_rate, fee_rate, maintenance_rate, margin, status, created_at)
       VALUES ($1, 'XAU/USD', 'metal', 'long', 'limit', 1, 100, 10, 2, 1, 0, 0, 10, 'pending', $2) RETURNING id::text`,
      [user.id, now],
    );
    const cryptoOption = await insert(
      `INSERT INTO options (user_id, symbol, kind, direction, seconds, amount, currency, rate, open_tick_price, open_tick_at_ms, expires_at_ms, status, created_at)
       VALUES ($1, 'BTC/USDT', 'crypto', 'up', 60, 1, 'USDT', 0.8, 100, 0, 60000, 'open', $2) RETURNING id::text`,
      [user.id, now],
    );
    const post = (kind: EntryKind, cause: Cause) =>
      server.database.db.transaction((tx) =>
        ledger.post(tx, { key: `desk-${cause.kind}-${cause.id}-${user.id}`, kind, cause, legs: [{ account: { user: user.id }, currency: "USDT", amount: "1" }, { account: { platform: "rewards" }, currency: "USDT", amount: "-1" }] }),
      );
    await post("position.close", { kind: "position", id: forexPosition });
    await post("option.win", { kind: "option", id: cryptoOption });
    await post("option.win", { kind: "option", id: "999999" });
    await post("referral.reward", { kind: "referral", id: "1" });
    const lines = await allLines(user.token);
    const deskOf = (kind: string, id: string) => lines.find((line) => line.cause_kind === kind && line.cause_id === id)?.cause_desk;
    expect(deskOf("position", forexPosition)).toBe("forex");
    expect(deskOf("option", cryptoOption)).toBe("crypto");
    expect(deskOf("option", "999999")).toBeNull();
    expect(deskOf("referral", "1")).toBeNull();
    // A pending order has no tick yet; the option's change shows its opening tick.
    expect(lines.find((line) => line.cause_kind === "position")?.cause_tick).toBeNull();
    expect(lines.find((line) => line.cause_kind === "option" && line.cause_id === cryptoOption)?.cause_tick).toBeNull();
  });

  it("shows the tick each trade's change settled on: the opening tick at the open, the closing one at the close", async () => {
    const user = await server.newUser();
    const [{ id }] = await server.database.query<{ id: string }>(
      `INSERT INTO positions (user_id, symbol, kind, direction, type, quantity, contract_size, leverage, price_precision, quote_rate, fee_rate, maintenance_rate,
         margin, open_price, open_tick_price, open_tick_at_ms, status, close_reason, close_price, close_tick_price, close_tick_at_ms, payout, pnl, created_at, closed_at)
       VALUES ($1, 'BTC/USDT', 'crypto', 'long', 'market', 1, 1, 10, 2, 1, 0, 0, 10, 100.5, 100.25, 1700000000123, 'closed', 'sl', 90, 90.10, 1700000060456, 1, -9, $2, $2)
       RETURNING id::text AS id`,
      [user.id, new Date().toISOString()],
    );
    const post = (kind: EntryKind) =>
      server.database.db.transaction((tx) =>
        ledger.post(tx, { key: `tick-${kind}-${id}`, kind, cause: { kind: "position", id }, legs: [{ account: { user: user.id }, currency: "USDT", amount: "1" }, { account: { platform: "trading" }, currency: "USDT", amount: "-1" }] }),
      );
    await post("position.fee");
    await post("position.close");
    const lines = await allLines(user.token);
    const tickOf = (kind: string) => lines.find((line) => line.kind === kind)?.cause_tick;
    expect(tickOf("position.fee")).toEqual({ symbol: "BTC/USDT", price: "100.25", at_ms: 1700000000123, price_precision: 2 });
    expect(tickOf("position.close")).toEqual({ symbol: "BTC/USDT", price: "90.1", at_ms: 1700000060456, price_precision: 2 });
    expect(lines.every((line) => line.cause_desk === "crypto")).toBe(true);
  });
});
