import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxItem } from "../../server/contract/content";
import { notifications } from "../../server/contract";
import { errors } from "../../server/contract/messages";
import type { TermChange } from "../../server/contract/market";
import type { OptionsConfig } from "../../server/contract/options";
import type { Position, PositionsConfig } from "../../server/contract/positions";
import type { SpotConfig, SpotOrder } from "../../server/contract/spot";
import { utcDateTime } from "../../server/src/platform/clock";
import { loadTranslator, numberValue } from "../../server/src/platform/i18n";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

/**
 * Issue 25's follow-up: the leveraged rules, the spot fee rates and the option payout rates go through the same
 * published notice as a pair's spread (terms/term-changes.ts). A saved configuration with any term worse for users
 * waits whole for the notice period (announced: which terms, old -> new, when), new orders keep the terms in force
 * until then, and the leader's job applies it at its time; a change only better applies at once (announced). A
 * pending change can be cancelled before its time; a second one waits for it; bad input changes nothing.
 */

let server: TestServer;
let admin: { token: string; id: number };
const BTC = "BTC/USDT";
const HOUR = 3_600_000;
const translator = loadTranslator();

type WithPending<T> = T & { pending?: TermChange | null };
type Inbox = { list: InboxItem[]; total: number; unread: number };
type Lang = Parameters<typeof translator.t>[0];

beforeAll(async () => {
  server = await createTestServer();
  await leadTheFeed(server);
  admin = await server.newOperator("admin");
  server.clock.set(Date.UTC(2026, 10, 26, 12, 0, 0));
  await tick(server, { [BTC]: "55700" });
});
afterAll(async () => {
  await server?.close();
});

const get = async <T,>(path: string) => (await server.call<WithPending<T>>("GET", path, {}, { token: admin.token })).body.message;
const save = <T,>(path: string, body: object) => server.call<WithPending<T>>("POST", path, body as Record<string, unknown>, { token: admin.token });
const strip = <T extends { pending?: unknown }>(config: T) => {
  const { pending: _pending, ...rest } = config;
  return rest;
};
const termRows = async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM market_term_changes"))[0].n;
const inbox = async (token: string, lang: string) => (await server.call<Inbox>("GET", "user/usermessage", { lang, limit: 50 }, { token })).body.message.list;
const cancel = (id: number) => server.call<TermChange>("POST", "backoffice/market/terms/cancel", { id, reason: "test" }, { token: admin.token });

/** Moves the clock (a day: past the operator's 12 h session), runs the leader's jobs and signs the operator in again. */
async function moveTo(ms: number) {
  server.clock.set(ms);
  await server.engines.jobs.runOnce();
  admin = await server.newOperator("admin");
}

async function user() {
  const u = await server.newUser();
  await credit(server, u.id, "100000");
  return u;
}

async function buy(token: string): Promise<SpotOrder> {
  await tick(server, { [BTC]: "55700" });
  const res = await server.call<SpotOrder>("POST", "coin/trade", { symbol: BTC, side: "buy", type: "market", quantity: "0.01" }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

/** The notice's line of a rate as the server writes it in `lang`. */
const rateLine = (lang: Lang, key: string, scope: string, from: string, to: string, seconds = 0) =>
  translator.t(lang, key, { scope, seconds: numberValue(String(seconds)), from: numberValue(from), to: numberValue(to) });

describe("spot fee rates", () => {
  it("a higher fee is pending for the notice period: new orders pay the old fee until its time, then the new one", async () => {
    const u = await user();
    const before = await get<SpotConfig>("backoffice/spot/config");
    expect(before).toMatchObject({ fee_rate: "0.001", pending: null });
    const announcedAt = server.clock.now().getTime();
    const res = await save<SpotConfig>("backoffice/spot/config/save", { fee_rate: "0.002", pairs: {}, reason: "costs" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const effective = Math.floor(announcedAt / 1000) + 24 * 3600;
    expect(res.body.message).toMatchObject({
      fee_rate: "0.001",
      pending: { term: "spot.config", symbol: null, status: "pending", effective_at: effective, reason: "costs", to_config: { fee_rate: "0.002", pairs: {} } },
    });
    expect(res.body.message.pending!.changes).toEqual([{ scope: "default", field: "fee_rate", seconds: null, from: "0.001", to: "0.002", worse: true }]);
    // The GET answers it too; the list of announced changes holds it.
    expect((await get<SpotConfig>("backoffice/spot/config")).pending).toMatchObject({ id: res.body.message.pending!.id, effective_at: effective });
    expect((await buy(u.token)).fee_rate).toBe("0.001");
    // A second before its time: still the old fee.
    server.clock.set(effective * 1000 - 1_000);
    await server.engines.jobs.runOnce();
    expect((await buy(u.token)).fee_rate).toBe("0.001");
    await moveTo(effective * 1000);
    expect((await buy(u.token)).fee_rate).toBe("0.002");
    expect(await get<SpotConfig>("backoffice/spot/config")).toMatchObject({ fee_rate: "0.002", pending: null });
    const [applied] = await server.database.query<{ status: string; detail: Record<string, unknown> }>(
      "SELECT c.status, a.detail FROM market_term_changes c JOIN audit_log a ON a.action = 'market.term.apply' AND a.detail->>'change_id' = c.id::text WHERE c.id = $1",
      [res.body.message.pending!.id],
    );
    expect(applied).toMatchObject({ status: "applied", detail: { term: "spot.config" } });
  });

  it("the notice names the terms, old -> new and the time, in each user's language", async () => {
    const u = await user();
    const { list } = (await server.call<{ list: TermChange[] }>("GET", "backoffice/market/terms", {}, { token: admin.token })).body.message;
    const change = list.find((c) => c.term === "spot.config")!;
    for (const lang of ["en", "es", "zh", "jp"] as const) {
      const product = translator.t(lang, notifications.TERM_PRODUCT_SPOT.key);
      const changes = rateLine(lang, notifications.TERM_LINE_FEE_RATE.key, translator.t(lang, notifications.TERM_SCOPE_DEFAULT.key), "0.1", "0.2");
      const values = { product, changes, time: utcDateTime(change.effective_at * 1000) };
      const notice = (await inbox(u.token, lang)).find((i) => i.kind === "notice" && i.id === change.notice_id);
      expect(notice, lang).toMatchObject({ title: translator.t(lang, notifications.TERM_CONFIG_TITLE.key, values), body: translator.t(lang, notifications.TERM_CONFIG_UP_BODY.key, values) });
      expect(notice!.body).toContain(utcDateTime(change.effective_at * 1000));
      if (lang !== "en") expect(notice!.body, lang).not.toBe(translator.t("en", notifications.TERM_CONFIG_UP_BODY.key, values));
    }
  });

  it("a lower fee applies at once and is announced", async () => {
    const u = await user();
    const res = await save<SpotConfig>("backoffice/spot/config/save", { fee_rate: "0.0015", pairs: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ fee_rate: "0.0015", pending: null });
    expect((await buy(u.token)).fee_rate).toBe("0.0015");
    const { list } = (await server.call<{ list: TermChange[] }>("GET", "backoffice/market/terms", {}, { token: admin.token })).body.message;
    const lowered = list.find((c) => c.term === "spot.config" && c.status === "applied" && c.changes?.[0]?.to === "0.0015");
    expect(lowered).toMatchObject({ effective_at: lowered!.announced_at, changes: [{ worse: false }] });
    const notice = (await inbox(u.token, "it")).find((i) => i.id === lowered!.notice_id);
    const values = {
      product: translator.t("it", notifications.TERM_PRODUCT_SPOT.key),
      changes: rateLine("it", notifications.TERM_LINE_FEE_RATE.key, translator.t("it", notifications.TERM_SCOPE_DEFAULT.key), "0.2", "0.15"),
      time: utcDateTime(lowered!.effective_at * 1000),
    };
    expect(notice?.body).toBe(translator.t("it", notifications.TERM_CONFIG_DOWN_BODY.key, values));
  });

  it("a pair's own rate raised waits, even when the default is lowered in the same save", async () => {
    const res = await save<SpotConfig>("backoffice/spot/config/save", { fee_rate: "0.001", pairs: { [BTC]: "0.003" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ fee_rate: "0.0015", pairs: {}, pending: { status: "pending" } });
    expect(res.body.message.pending!.changes).toEqual([
      { scope: "default", field: "fee_rate", seconds: null, from: "0.0015", to: "0.001", worse: false },
      { scope: BTC, field: "fee_rate", seconds: null, from: "0.0015", to: "0.003", worse: true },
    ]);
    // A second change while one waits is refused, whichever way it goes, and changes nothing.
    const rows = await termRows();
    for (const rate of ["0.0001", "0.004"]) {
      const again = await save("backoffice/spot/config/save", { fee_rate: rate, pairs: {} });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: "TERM_CHANGE_PENDING", message: errors.TERM_CHANGE_PENDING.key });
    }
    expect(await termRows()).toBe(rows);
    // Cancelled before its time: the fee in force stays, after the time too.
    const cancelled = await cancel(res.body.message.pending!.id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toMatchObject({ status: "cancelled", term: "spot.config" });
    const u = await user();
    const notice = (await inbox(u.token, "ko")).find((i) => i.id === cancelled.body.message.cancel_notice_id);
    expect(notice?.title).toBe(translator.t("ko", notifications.TERM_CONFIG_CANCELLED_TITLE.key, { product: translator.t("ko", notifications.TERM_PRODUCT_SPOT.key) }));
    await moveTo(server.clock.now().getTime() + 25 * HOUR);
    expect(await get<SpotConfig>("backoffice/spot/config")).toMatchObject({ fee_rate: "0.0015", pairs: {}, pending: null });
    expect((await buy(u.token)).fee_rate).toBe("0.0015");
  });

  it("bad input is refused 4xx and changes nothing", async () => {
    const rows = await termRows();
    for (const body of [{ fee_rate: "0.6", pairs: {} }, { fee_rate: "abc", pairs: {} }, { fee_rate: "0.002", pairs: { "NOPE/USDT": "0.1" } }, { pairs: {} }]) {
      const res = await save("backoffice/spot/config/save", body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const support = await server.newOperator("support");
    expect((await server.call("POST", "backoffice/spot/config/save", { fee_rate: "0.002", pairs: {} }, { token: support.token })).status).toBe(403);
    expect(await termRows()).toBe(rows);
    expect(await get<SpotConfig>("backoffice/spot/config")).toMatchObject({ fee_rate: "0.0015", pending: null });
  });
});

describe("two admins at once", () => {
  it("two worse saves racing: one is announced, the other refused TERM_CHANGE_PENDING; nothing else is written", async () => {
    const rows = await termRows();
    const other = await server.newOperator("admin");
    const [a, b] = await Promise.all([
      save<SpotConfig>("backoffice/spot/config/save", { fee_rate: "0.003", pairs: {} }),
      server.call<WithPending<SpotConfig>>("POST", "backoffice/spot/config/save", { fee_rate: "0.004", pairs: {} }, { token: other.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    expect(won.body.message).toMatchObject({ fee_rate: "0.0015", pending: { status: "pending" } });
    expect(await termRows()).toBe(rows + 1);
    expect((await cancel(won.body.message.pending!.id)).status).toBe(200);
  });
});

describe("leveraged rules", () => {
  it("a lower leverage cap and a higher fee wait: 100x is still offered until the time; cancel keeps the rules", async () => {
    const config = strip(await get<PositionsConfig>("backoffice/positions/config"));
    const worse: PositionsConfig = { ...config, kinds: { ...config.kinds, crypto: { ...config.kinds.crypto, fee_rate: "0.001", max_leverage: 50 } } };
    const res = await save<PositionsConfig>("backoffice/positions/config/save", worse);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.kinds.crypto).toMatchObject({ fee_rate: "0.0005", max_leverage: 100 });
    expect(res.body.message.pending!.changes).toEqual([
      { scope: "crypto", field: "fee_rate", seconds: null, from: "0.0005", to: "0.001", worse: true },
      { scope: "crypto", field: "max_leverage", seconds: null, from: "100", to: "50", worse: true },
    ]);
    const u = await user();
    await tick(server, { [BTC]: "55700" });
    const opened = await server.call<Position>("POST", "lever/submit", { symbol: BTC, direction: "long", type: "market", quantity: "0.01", leverage: 100 }, { token: u.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const cancelled = await cancel(res.body.message.pending!.id);
    expect(cancelled.status).toBe(200);
    // Once cancelled it cannot be cancelled again.
    expect((await cancel(res.body.message.pending!.id)).body).toMatchObject({ code: "TERM_CHANGE_STARTED" });
    await moveTo(server.clock.now().getTime() + 25 * HOUR);
    expect((await get<PositionsConfig>("backoffice/positions/config")).kinds.crypto).toMatchObject({ fee_rate: "0.0005", max_leverage: 100 });
  });

  it("a lower fee and a higher cap apply at once; a change of the session only is not announced", async () => {
    const config = strip(await get<PositionsConfig>("backoffice/positions/config"));
    const rows = await termRows();
    const session = await save<PositionsConfig>("backoffice/positions/config/save", { ...config, warning_level: "160" });
    expect(session.body.message).toMatchObject({ warning_level: "160", pending: null });
    expect(await termRows()).toBe(rows);
    const better = await save<PositionsConfig>("backoffice/positions/config/save", { ...config, kinds: { ...config.kinds, forex: { ...config.kinds.forex, fee_rate: "0.00005" } } });
    expect(better.status).toBe(200);
    expect(better.body.message).toMatchObject({ kinds: { forex: { fee_rate: "0.00005" } }, pending: null });
    expect(await termRows()).toBe(rows + 1);
  });

  it("bad input is refused 4xx and changes nothing", async () => {
    const config = strip(await get<PositionsConfig>("backoffice/positions/config"));
    const rows = await termRows();
    for (const body of [
      { ...config, kinds: { ...config.kinds, crypto: { ...config.kinds.crypto, fee_rate: "0.6" } } },
      { ...config, pairs: { "NOPE/USDT": { fee_rate: "0.9" } } },
      { ...config, kinds: { ...config.kinds, crypto: { ...config.kinds.crypto, leverages: [200], max_leverage: 100 } } },
    ]) {
      const res = await save("backoffice/positions/config/save", body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await termRows()).toBe(rows);
    expect(strip(await get<PositionsConfig>("backoffice/positions/config"))).toEqual(config);
  });
});

describe("option payout rates", () => {
  it("a lower rate waits and applies at its time; a higher one applies at once", async () => {
    const config = strip(await get<OptionsConfig>("backoffice/options/config"));
    const rate30 = config.kinds.crypto.find((p) => p.seconds === 30)!.rate;
    const lower = { ...config, kinds: { ...config.kinds, crypto: config.kinds.crypto.map((p) => (p.seconds === 30 ? { ...p, rate: "0.7" } : p)) } };
    const res = await save<OptionsConfig>("backoffice/options/config/save", lower);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.pending!.changes).toEqual([{ scope: "crypto", field: "payout_rate", seconds: 30, from: rate30, to: "0.7", worse: true }]);
    expect(res.body.message.kinds.crypto.find((p) => p.seconds === 30)!.rate).toBe(rate30);
    const u = await user();
    const en = rateLine("en", notifications.TERM_LINE_PAYOUT_RATE.key, "Crypto", "80", "70", 30);
    const notice = (await inbox(u.token, "en")).find((i) => i.id === res.body.message.pending!.notice_id);
    expect(notice?.body).toContain(en);
    await moveTo(res.body.message.pending!.effective_at * 1000);
    const now = await get<OptionsConfig>("backoffice/options/config");
    expect(now.kinds.crypto.find((p) => p.seconds === 30)!.rate).toBe("0.7");
    const higher = await save<OptionsConfig>("backoffice/options/config/save", config);
    expect(higher.body.message).toMatchObject({ pending: null });
    expect(higher.body.message.kinds.crypto.find((p) => p.seconds === 30)!.rate).toBe(rate30);
  });

  it("bad input is refused 4xx and changes nothing", async () => {
    const config = strip(await get<OptionsConfig>("backoffice/options/config"));
    const rows = await termRows();
    const res = await save("backoffice/options/config/save", { ...config, kinds: { ...config.kinds, crypto: [{ seconds: 30, rate: "1.5", min: "10", max: "100" }] } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await termRows()).toBe(rows);
    expect(strip(await get<OptionsConfig>("backoffice/options/config"))).toEqual(config);
  });
});
