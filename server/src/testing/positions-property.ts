import fc from "fast-check";
import type { Position } from "../../contract/positions";
import { ledgerReads, money } from "../ledger";
import { quoteAround } from "../market";
import type { TestServer } from "./harness";
import { credit } from "./money";
import { tick } from "./ticks";

/**
 * The positions property: random tick paths and user actions against the whole positions domain (HTTP, ledger,
 * trigger runner). `positions.property.test.ts` runs a bounded number of sequences; `npm run bench -- positions-property`
 * runs a million operations. Every answer is tallied, so a property whose every order was refused fails instead of
 * holding trivially.
 */

export const BTC = "BTC/USDT";

export type Action =
  | { kind: "tick"; move: number }
  | { kind: "open"; direction: "long" | "short"; type: "market" | "limit"; leverage: number; lots: number; tp: number; sl: number; offset: number }
  | { kind: "close" | "cancel"; pick: number }
  | { kind: "setstop"; pick: number; tp: number };

export const action: fc.Arbitrary<Action> = fc.oneof(
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

/**
 * Refusals the actions may meet by design, each named with why: anything else fails the property.
 */
export const EXPECTED_REFUSALS = new Map([
  // Twenty orders of up to 0.2 BTC at 1x need more margin than the 20,000 USDT the user starts with.
  ["INSUFFICIENT_BALANCE", "the margin is more than the balance"],
  // A take-profit set from the current price may sit on the wrong side of the open price (setstop after a move).
  ["LONG_TP_TOO_LOW", "a long's take-profit below its open or current price"],
  ["SHORT_TP_TOO_HIGH", "a short's take-profit above its open or current price"],
  ["LONG_SL_TOO_HIGH", "a long's stop-loss above the current price"],
  ["SHORT_SL_TOO_LOW", "a short's stop-loss below the current price"],
  // A limit at offset 0 is the current price: the buy must be below it, the sell above.
  ["LIMIT_BUY_ABOVE_PRICE", "a limit buy not below the price"],
  ["LIMIT_SELL_BELOW_PRICE", "a limit sell not above the price"],
  // The trigger runner settles on its own: a position listed as open may be closed (or a limit filled) by the call.
  ["TRADE_NOT_FOUND", "closed or filled by the engine after the list was read"],
  ["CANNOT_CLOSE", "closed by the engine after the list was read"],
  ["POSITION_CLOSING", "being closed by the engine"],
  ["ORDER_NOT_CANCELLABLE", "filled by the engine after the list was read"],
]);

/** What the actions did: successes per action, refusals per code, the sequences run and the operations sent. */
export interface Tally {
  opened: number;
  userClosed: number;
  triggerClosed: number;
  cancelled: number;
  stopsSet: number;
  refused: Map<string, number>;
  sequences: number;
  operations: number;
}

export const newTally = (): Tally => ({ opened: 0, userClosed: 0, triggerClosed: 0, cancelled: 0, stopsSet: 0, refused: new Map(), sequences: 0, operations: 0 });

async function mine(server: TestServer, token: string, status: "open" | "pending" | "closed"): Promise<Position[]> {
  const res = await server.call<{ list: Position[] }>("POST", "lever/my_trade", { status, limit: 100 }, { token });
  if (res.status !== 200) throw new Error(`lever/my_trade answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.message.list;
}

/** Whether a triggered close names a tick whose executable price crossed its trigger (a user's close always does). */
export function crossed(p: Position): boolean {
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

/**
 * One user's sequence of actions from a fresh 20,000 USDT, the tally counting every answer. Answers the reasons the
 * sequence broke a property (empty: it held); `verifyLedger` false skips the whole-ledger check (the bench runs it
 * every so many sequences).
 */
export async function runSequence(server: TestServer, actions: readonly Action[], state: { price: number }, tally: Tally, verifyLedger = true): Promise<string[]> {
  const broken: string[] = [];
  const u = await server.newUser();
  await credit(server, u.id, "20000");
  const answered = (res: { status: number; body: { code?: string } }, ok: () => void) => {
    if (res.status === 200) return ok();
    const code = res.body.code ?? `HTTP ${res.status}`;
    tally.refused.set(code, (tally.refused.get(code) ?? 0) + 1);
    if (!EXPECTED_REFUSALS.has(code)) broken.push(`unexpected refusal ${code}: ${JSON.stringify(res.body)}`);
  };
  for (const a of actions) {
    tally.operations++;
    if (a.kind === "tick") {
      state.price = Math.max(1000, state.price + a.move);
      await tick(server, { [BTC]: state.price.toFixed(2) });
    } else if (a.kind === "open") {
      const last = state.price;
      const long = a.direction === "long";
      const limit = a.type === "limit" ? (long ? last - a.offset : last + a.offset).toFixed(2) : undefined;
      const ref = Number(limit ?? last);
      const res = await server.call("POST", "lever/submit", {
        symbol: BTC,
        direction: a.direction,
        type: a.type,
        price: limit,
        quantity: (a.lots / 100).toFixed(2),
        leverage: a.leverage,
        tp_price: a.tp ? (long ? ref + a.tp + 50 : ref - a.tp - 50).toFixed(2) : undefined,
        sl_price: a.sl ? (long ? ref - a.sl - 50 : ref + a.sl + 50).toFixed(2) : undefined,
      }, { token: u.token });
      answered(res, () => tally.opened++);
    } else {
      const list = await mine(server, u.token, a.kind === "cancel" ? "pending" : "open");
      if (!list.length) continue;
      const target = list[a.pick % list.length];
      if (a.kind === "setstop") {
        const tp = target.direction === "long" ? state.price + a.tp + 50 : state.price - a.tp - 50;
        answered(await server.call("POST", "lever/setstop", { id: target.id, tp_price: tp > 0 ? tp.toFixed(2) : "" }, { token: u.token }), () => tally.stopsSet++);
      } else {
        answered(await server.call("POST", `lever/${a.kind}`, { id: target.id }, { token: u.token }), () => (a.kind === "close" ? tally.userClosed++ : tally.cancelled++));
      }
    }
  }
  if (verifyLedger) {
    const problems = await ledgerReads.verify(server.database.db);
    if (problems.length) broken.push(`ledger: ${JSON.stringify(problems)}`);
  }
  for (const b of await ledgerReads.balances(server.database.db, u.id)) {
    if (!(money(b.available).gte(0) && money(b.frozen).gte(0))) broken.push(`negative balance ${JSON.stringify(b)}`);
  }
  for (const p of await mine(server, u.token, "closed")) {
    if (p.status !== "closed") continue;
    if (p.close_reason && p.close_reason !== "user" && p.close_reason !== "close_all") tally.triggerClosed++;
    if (!crossed(p)) broken.push(`a trigger that did not cross: ${JSON.stringify(p)}`);
    if (!money(p.pnl).gte(money(p.margin).plus(p.open_fee).plus(p.swap).negated())) broken.push(`lost more than margin and fees: ${JSON.stringify(p)}`);
    if (!money(p.payout!).gte(0)) broken.push(`negative payout: ${JSON.stringify(p)}`);
  }
  tally.sequences++;
  return broken;
}
