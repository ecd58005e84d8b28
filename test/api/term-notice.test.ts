import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxItem } from "../../server/contract/content";
import { notifications } from "../../server/contract";
import { errors } from "../../server/contract/messages";
import type { Pair, TermChange } from "../../server/contract/market";
import type { Position, Ticket } from "../../server/contract/positions";
import type { SpotOrder, SpotTicket } from "../../server/contract/spot";
import { money } from "../../server/src/ledger";
import { quoteAround } from "../../server/src/market";
import { utcDateTime } from "../../server/src/platform/clock";
import { loadTranslator, numberValue } from "../../server/src/platform/i18n";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * Operator term changes take effect after a published notice (issue 25, CONTRACT "Precisions added in wave 3"):
 * a wider spread is stored as a pending change with its effective time (now + the notice period), announced to every
 * user in their language, shown on the tickets, applied by the feed leader's job at its time (once), cancellable
 * before (audited, announced). A narrower spread applies at once (announced too). Open positions and resting spot
 * limit orders keep the spread they were placed with, whichever way the pair's spread moves.
 */

let server: TestServer;
let admin: { token: string; id: number };
const BTC = "BTC/USDT";
const ETH = "ETH/USDT";
const HOUR = 3_600_000;
const translator = loadTranslator();

type Terms = { notice_hours: number; min_notice_hours: number; max_notice_hours: number; list: TermChange[] };
type Inbox = { list: InboxItem[]; total: number; unread: number };

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  admin = await server.newOperator("admin");
  server.clock.set(Date.UTC(2026, 10, 26, 12, 0, 0));
  await tick(server, { [BTC]: "55700", [ETH]: "3000" });
});
afterAll(async () => {
  await server?.close();
});

const update = (body: Record<string, unknown>) => server.call<Pair>("POST", "backoffice/market/pairs/update", { reason: "test", ...body }, { token: admin.token });
const terms = async (symbol?: string) => (await server.call<Terms>("GET", "backoffice/market/terms", symbol ? { symbol } : {}, { token: admin.token })).body.message;
const spreadOf = (symbol: string) => server.market.pairs.pair(symbol)!.spread_rate;
const auditRows = (action: string, changeId: number) =>
  server.database.query<{ actor_kind: string; actor_id: number | null; detail: Record<string, unknown> }>(
    "SELECT actor_kind, actor_id::int AS actor_id, detail FROM audit_log WHERE action = $1 AND detail->>'change_id' = $2 ORDER BY id",
    [action, String(changeId)],
  );
const termRows = () => server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM market_term_changes");
const inbox = async (token: string, lang: string) => (await server.call<Inbox>("GET", "user/usermessage", { lang, limit: 50 }, { token })).body.message.list;
const pct = (lang: Parameters<typeof translator.t>[0], rate: string) => translator.t(lang, "{x}", { x: numberValue(money(rate).times(100).toFixed()) });

/** Moves the clock (a day or more: past the operator's 12 h session) and signs the operator in again. */
async function moveTo(ms: number, run = true) {
  server.clock.set(ms);
  if (run) await server.engines.jobs.runOnce();
  admin = await server.newOperator("admin");
}

async function user() {
  const u = await server.newUser();
  await credit(server, u.id, "100000");
  return u;
}

/** Cancels whatever waits on a pair so each case starts from a pair with no announced change. */
async function clearPending(symbol: string) {
  for (const c of (await terms(symbol)).list.filter((x) => x.status === "pending")) {
    expect((await server.call("POST", "backoffice/market/terms/cancel", { id: c.id, reason: "reset" }, { token: admin.token })).status).toBe(200);
  }
}

describe("a wider spread is scheduled after the notice period and announced", () => {
  it("the notice period is 24 h unless the operator sets more", async () => {
    expect(await terms()).toMatchObject({ notice_hours: 24, min_notice_hours: 24, max_notice_hours: 720, list: [] });
  });

  it("pairs/update answers the pair with its spread unchanged and the change upcoming; new orders keep the old spread until then", async () => {
    const announcedAt = server.clock.now().getTime();
    const res = await update({ symbol: BTC, spread_rate: "0.002" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const effective = Math.floor(announcedAt / 1000) + 24 * 3600;
    expect(res.body.message).toMatchObject({ symbol: BTC, spread_rate: "0.0004", upcoming: [{ term: "spread_rate", from: "0.0004", to: "0.002", effective_at: effective }] });
    expect(spreadOf(BTC)).toBe("0.0004");
    // Every place a user decides shows it: the public pair list, the spot ticket, the leveraged ticket.
    const u = await user();
    const pairs = (await server.call<Pair[]>("GET", "currency/pairs", { symbol: BTC })).body.message;
    expect(pairs[0].upcoming).toMatchObject([{ from: "0.0004", to: "0.002", effective_at: effective }]);
    const spot = (await server.call<SpotTicket>("GET", "coin/ticket", { symbol: BTC }, { token: u.token })).body.message;
    expect(spot.upcoming).toMatchObject([{ to: "0.002", effective_at: effective }]);
    const lever = (await server.call<Ticket>("POST", "lever/deal", { symbol: BTC }, { token: u.token })).body.message;
    expect(lever.upcoming).toMatchObject([{ to: "0.002", effective_at: effective }]);
    // A market buy now pays the ask of the spread in force, not the announced one.
    await tick(server, { [BTC]: "55700" });
    const bought = await server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "market", quantity: "0.01" }, { token: u.token });
    expect(bought.body.message.filled_price).toBe(quoteAround("55700", "0.0004", 2).ask);
    // Kept, audited with the operator and the effective time.
    const [change] = (await terms(BTC)).list;
    expect(change).toMatchObject({ status: "pending", symbol: BTC, from: "0.0004", to: "0.002", effective_at: effective, created_by: admin.id, reason: "test" });
    const [scheduled] = await auditRows("market.term.schedule", change.id);
    expect(scheduled).toMatchObject({ actor_kind: "operator", actor_id: admin.id, detail: { term: "spread_rate", from: "0.0004", to: "0.002", notice_hours: 24 } });
  });

  it("the notice is published to every user, in their language, naming the pair, the term, old -> new and the time", async () => {
    const [change] = (await terms(BTC)).list.filter((c) => c.status === "pending");
    const u = await user();
    for (const lang of ["en", "es", "zh", "jp"] as const) {
      const values = { symbol: BTC, from: numberValue("0.04"), to: numberValue("0.2"), time: utcDateTime(change.effective_at * 1000) };
      const notice = (await inbox(u.token, lang)).find((i) => i.kind === "notice" && i.id === change.notice_id);
      expect(notice, lang).toMatchObject({ title: translator.t(lang, notifications.TERM_SPREAD_TITLE.key, values), body: translator.t(lang, notifications.TERM_SPREAD_UP_BODY.key, values) });
      expect(notice!.body).toContain(utcDateTime(change.effective_at * 1000));
      expect(notice!.body).toContain(pct(lang, "0.002"));
      if (lang !== "en") expect(notice!.body, lang).not.toBe(translator.t("en", notifications.TERM_SPREAD_UP_BODY.key, values));
    }
  });

  it("a second change of the same term while one is announced is refused and changes nothing", async () => {
    const before = (await termRows())[0].n;
    for (const spread of ["0.003", "0.0001"]) {
      const res = await update({ symbol: BTC, spread_rate: spread });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "TERM_CHANGE_PENDING", message: errors.TERM_CHANGE_PENDING.key });
    }
    expect((await termRows())[0].n).toBe(before);
    expect(spreadOf(BTC)).toBe("0.0004");
  });

  it("applies at its time, once: not a second before, and a second run or a restart's run finds it applied", async () => {
    const [change] = (await terms(BTC)).list.filter((c) => c.status === "pending");
    server.clock.set(change.effective_at * 1000 - 1_000);
    await server.engines.jobs.runOnce();
    expect(spreadOf(BTC)).toBe("0.0004");
    await moveTo(change.effective_at * 1000);
    expect(spreadOf(BTC)).toBe("0.002");
    await server.engines.jobs.runOnce();
    await server.market.pairs.applyDueTermChanges(server.clock.now().getTime() + 60_000);
    expect(await auditRows("market.term.apply", change.id)).toHaveLength(1);
    expect((await terms(BTC)).list.find((c) => c.id === change.id)).toMatchObject({ status: "applied", applied_at: change.effective_at });
    const pairs = (await server.call<Pair[]>("GET", "currency/pairs", { symbol: BTC })).body.message;
    expect(pairs[0]).toMatchObject({ spread_rate: "0.002", upcoming: [] });
    // A cancellation once applied is refused.
    const late = await server.call("POST", "backoffice/market/terms/cancel", { id: change.id, reason: "too late" }, { token: admin.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "TERM_CHANGE_STARTED" });
  });

  it("a narrower spread applies at once and is announced", async () => {
    const res = await update({ symbol: BTC, spread_rate: "0.0004" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ spread_rate: "0.0004", upcoming: [] });
    expect(spreadOf(BTC)).toBe("0.0004");
    const [lowered] = (await terms(BTC)).list.filter((c) => c.status === "applied");
    expect(lowered).toMatchObject({ from: "0.002", to: "0.0004", effective_at: lowered.announced_at });
    expect(await auditRows("market.term.lower", lowered.id)).toHaveLength(1);
    const u = await user();
    const notice = (await inbox(u.token, "it")).find((i) => i.id === lowered.notice_id);
    expect(notice?.body).toBe(translator.t("it", notifications.TERM_SPREAD_DOWN_BODY.key, { symbol: BTC, from: numberValue("0.2"), to: numberValue("0.04"), time: utcDateTime(lowered.effective_at * 1000) }));
  });
});

describe("open positions and resting limit orders keep the spread they were placed with", () => {
  it("a resting spot limit buy is not filled because the pair's spread narrowed; it fills when its own ask crosses", async () => {
    await clearPending(ETH);
    await tick(server, { [ETH]: "3000" });
    const u = await user();
    const own = "0.0004";
    const placed = await server.call<SpotOrder>("POST", "coin/trade", { symbol: ETH, side: "buy", type: "limit", price: "2990.00", quantity: "0.1" }, { token: u.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await update({ symbol: ETH, spread_rate: "0" })).status).toBe(200);
    expect(spreadOf(ETH)).toBe("0");
    // A tick at 2990.00: at the pair's new spread (0) the ask is 2990.00 and would cross the limit; at the order's
    // own spread the ask is above it, so the order waits.
    expect(money(quoteAround("2990.00", "0", 2).ask).lte("2990.00")).toBe(true);
    expect(money(quoteAround("2990.00", own, 2).ask).gt("2990.00")).toBe(true);
    await tick(server, { [ETH]: "2990.00" });
    const open = await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "open" }, { token: u.token });
    expect(open.body.message.list.map((o) => o.id)).toContain(placed.body.message.id);
    // The first price whose own-spread ask reaches the limit fills it, at the limit.
    let last = money("2990.00");
    while (money(quoteAround(last.toFixed(2), own, 2).ask).gt("2990.00")) last = last.minus("0.01");
    await tick(server, { [ETH]: last.toFixed(2) });
    const done = await server.call<{ list: SpotOrder[] }>("GET", "coin/list", { status: "done" }, { token: u.token });
    expect(done.body.message.list.find((o) => o.id === placed.body.message.id)).toMatchObject({ status: "filled", filled_price: "2990.00" });
  });

  it("an open position keeps its spread when a wider one takes effect: its mark and close are at its own", async () => {
    await clearPending(ETH);
    // Back to 0.0004 on ETH (a widening from 0: announced, applied a day later).
    const res = await update({ symbol: ETH, spread_rate: "0.0004" });
    const pending = res.body.message.upcoming![0];
    await tick(server, { [ETH]: "3000" });
    const u = await user();
    const opened = await server.call<Position>("POST", "lever/submit", { symbol: ETH, direction: "long", type: "market", quantity: "1", leverage: 10 }, { token: u.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.message.open_price).toBe(quoteAround("3000", "0", 2).ask);
    await moveTo(pending.effective_at * 1000);
    expect(spreadOf(ETH)).toBe("0.0004");
    await tick(server, { [ETH]: "3010" });
    const closed = await server.call<Position>("POST", "lever/close", { id: opened.body.message.id }, { token: u.token });
    expect(closed.body.message).toMatchObject({ status: "closed", close_price: quoteAround("3010", "0", 2).bid });
  });
});

describe("cancelling an announced change", () => {
  it("cancels before its time: audited, announced, and the time passes without a change", async () => {
    await clearPending(BTC);
    const res = await update({ symbol: BTC, spread_rate: "0.001" });
    const pending = res.body.message.upcoming![0];
    const missingReason = await server.call("POST", "backoffice/market/terms/cancel", { id: pending.id }, { token: admin.token });
    expect(missingReason.status).toBe(400);
    const reviewer = await server.newOperator("reviewer");
    expect((await server.call("POST", "backoffice/market/terms/cancel", { id: pending.id, reason: "x" }, { token: reviewer.token })).status).toBe(403);
    const cancelled = await server.call<TermChange>("POST", "backoffice/market/terms/cancel", { id: pending.id, reason: "announced by mistake" }, { token: admin.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toMatchObject({ id: pending.id, status: "cancelled", cancel_reason: "announced by mistake" });
    const [row] = await auditRows("market.term.cancel", pending.id);
    expect(row).toMatchObject({ actor_kind: "operator", actor_id: admin.id, detail: { reason: "announced by mistake", from: "0.0004", to: "0.001" } });
    // Announced in the user's language.
    const u = await user();
    const values = { symbol: BTC, from: numberValue("0.04"), to: numberValue("0.1"), time: utcDateTime(pending.effective_at * 1000) };
    const notice = (await inbox(u.token, "ko")).find((i) => i.id === cancelled.body.message.cancel_notice_id);
    expect(notice).toMatchObject({ title: translator.t("ko", notifications.TERM_SPREAD_CANCELLED_TITLE.key, values), body: translator.t("ko", notifications.TERM_SPREAD_CANCELLED_BODY.key, values) });
    expect((await server.call<Pair[]>("GET", "currency/pairs", { symbol: BTC })).body.message[0].upcoming).toEqual([]);
    await moveTo(pending.effective_at * 1000 + 1_000);
    expect(spreadOf(BTC)).toBe("0.0004");
    const again = await server.call("POST", "backoffice/market/terms/cancel", { id: pending.id, reason: "twice" }, { token: admin.token });
    expect(again.body).toMatchObject({ code: "TERM_CHANGE_STARTED" });
  });

  it("an unknown change is not found", async () => {
    const res = await server.call("POST", "backoffice/market/terms/cancel", { id: 999999, reason: "x" }, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "DATA_NOT_FOUND" });
  });
});

describe("the notice period and bad inputs", () => {
  it.each([[-1], [0], [23], [721], [1.5], ["abc"]])("refuses a notice period of %j and keeps the one set", async (hours) => {
    const res = await server.call("POST", "backoffice/market/terms/notice", { notice_hours: hours }, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "TERM_NOTICE_RANGE", message: errors.TERM_NOTICE_RANGE.key, fields: { notice_hours: errors.TERM_NOTICE_RANGE.key } });
    expect((await terms()).notice_hours).toBe(24);
  });

  it("a longer notice period applies to the changes made after it (audited)", async () => {
    await clearPending(BTC);
    const saved = await server.call("POST", "backoffice/market/terms/notice", { notice_hours: 72, reason: "policy" }, { token: admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await terms()).notice_hours).toBe(72);
    const audited = await server.database.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'market.term.notice' ORDER BY id DESC LIMIT 1");
    expect(audited[0].detail).toMatchObject({ from: 24, to: 72, reason: "policy" });
    const now = server.clock.now().getTime();
    const res = await update({ symbol: BTC, spread_rate: "0.0005" });
    expect(res.body.message.upcoming![0].effective_at).toBe(Math.floor((now + 72 * HOUR) / 1000));
    await clearPending(BTC);
  });

  it("two operators widening the same spread at once: one is announced, the other refused", async () => {
    await clearPending(ETH);
    const other = await server.newOperator("admin");
    const [a, b] = await Promise.all([
      update({ symbol: ETH, spread_rate: "0.003" }),
      server.call<Pair>("POST", "backoffice/market/pairs/update", { symbol: ETH, spread_rate: "0.004" }, { token: other.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body, b.body].find((x) => x.code)).toMatchObject({ code: "TERM_CHANGE_PENDING" });
    expect((await terms(ETH)).list.filter((c) => c.status === "pending")).toHaveLength(1);
    await clearPending(ETH);
  });

  it("an unknown pair or a spread of 10 % or more is refused and nothing is scheduled or published", async () => {
    const rows = (await termRows())[0].n;
    const notices = (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM news_items"))[0].n;
    const unknown = await update({ symbol: "ABC/USDT", spread_rate: "0.01" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "PAIR_NOT_FOUND" });
    const tooWide = await update({ symbol: BTC, spread_rate: "0.1" });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body).toMatchObject({ code: "PARAMETER_ERROR", fields: { spread_rate: errors.PARAMETER_ERROR.key } });
    const negative = await update({ symbol: BTC, spread_rate: "-0.001" });
    expect(negative.status).toBe(400);
    expect((await termRows())[0].n).toBe(rows);
    expect((await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM news_items"))[0].n).toBe(notices);
    expect(spreadOf(BTC)).toBe("0.0004");
  });
});
