import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../server/contract";
import type { FeedVenue, Quotation } from "../../server/contract/market";
import { utcDateTime } from "../../server/src/platform/clock";
import { VenueMix, type WsVenueFeed } from "../../server/src/feeds";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { fixtureLines, replayWs, until, type WsReplay } from "../../server/src/testing/replay";
import { leadTheFeed } from "../../server/src/testing/ticks";

/**
 * The back office's feed page with two crypto venues (MARKET_VENUES=okx,bybit, local servers replaying their
 * documented frames): each venue's connection, last tick age from its own time, reconnects and messages per second;
 * an admin switching a venue off for everybody (audited, announced to every user) drops it out of the quote while
 * the other keeps the pair quoting, and switching the last one off pauses the pair.
 */

const OKX = fixtureLines("okx-public-stream.jsonl");
const BYBIT = fixtureLines("bybit-spot-stream.jsonl");
const t0 = 1767600000000;
let server: TestServer;
let okx: WsReplay;
let bybit: WsReplay;
let admin: { token: string; id: number };
let user: { token: string; id: number };

beforeAll(async () => {
  [okx, bybit] = await Promise.all([replayWs(() => {}), replayWs(() => {})]);
  server = await createTestServer({ MARKET_VENUES: ["okx", "bybit"], OKX_STREAM_URL: okx.url, BYBIT_STREAM_URL: bybit.url, METRICS_TOKEN: "feed-metrics-token" });
  server.clock.set(t0 + 600);
  await leadTheFeed(server);
  await until(() => okx.sockets.length === 1 && bybit.sockets.length === 1 && okx.received[0].length > 0 && bybit.received[0].length >= 3);
  admin = await server.newOperator("admin");
  user = await server.newUser();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([okx?.close(), bybit?.close()]);
});

const mix = () => server.market.runner.adapters.find((a): a is VenueMix => a instanceof VenueMix)!;
const framesOf = () => mix().children.reduce((sum, c) => sum + (c as WsVenueFeed).frames, 0);
async function send(lines: Array<[WsReplay, string]>) {
  const before = framesOf();
  for (const [venue, line] of lines) venue.sockets[venue.sockets.length - 1].send(line);
  await until(() => framesOf() === before + lines.length);
  await server.market.step();
}
const okxTrade = (price: string, atMs: number) => JSON.stringify({ arg: { channel: "trades", instId: "BTC-USDT" }, data: [{ instId: "BTC-USDT", tradeId: String(atMs), px: price, sz: "0.01", side: "buy", ts: String(atMs), count: "1" }] });
const bybitTrade = (price: string, atMs: number) => JSON.stringify({ topic: "publicTrade.BTCUSDT", type: "snapshot", ts: atMs, data: [{ T: atMs, s: "BTCUSDT", S: "Sell", v: "0.01", p: price, i: String(atMs), BT: false }] });
const btc = async () => (await server.call<Quotation[]>("GET", "currency/quotation_new")).body.message.find((q) => q.symbol === "BTC/USDT")!;
const feed = async (token = admin.token) => (await server.call<{ venues: FeedVenue[] }>("GET", "backoffice/market/feed", {}, { token })).body.message.venues;
const venueOf = async (id: string) => (await feed()).find((v) => v.id === id)!;
const switchVenue = (venue: string, off: boolean, token = admin.token, reason?: string) => server.call<{ venue: string; off: boolean }>("POST", "backoffice/market/feed/venue", { venue, off, ...(reason ? { reason } : {}) }, { token });
const audits = () => server.database.query<{ action: string; actor_id: number; target_id: string; detail: { reason: string | null } }>("SELECT action, actor_id::int AS actor_id, target_id, detail FROM audit_log WHERE action LIKE 'market.venue.%' ORDER BY id");
const inbox = async (lang: string) => (await server.call<{ list: Array<{ kind: string; title: string; body: string }> }>("GET", "user/usermessage", { lang, limit: 50 }, { token: user.token })).body.message.list;

describe("the feed page lists every venue and source", () => {
  it("shows each venue's connection, last tick age from its own time, reconnects and messages per second", async () => {
    await send([...OKX.map((line): [WsReplay, string] => [okx, line]), ...BYBIT.map((line): [WsReplay, string] => [bybit, line])]);
    server.clock.set(t0 + 1_600);
    await send([[okx, okxTrade("65013", t0 + 1_500)]]);
    const venues = await feed();
    expect(venues.map((v) => v.id)).toEqual(["okx", "bybit", "sim-a", "sim-b", "sim-c"]);
    const okxRow = venues.find((v) => v.id === "okx")!;
    expect(okxRow).toMatchObject({ connected: true, off: false, switchable: true, reconnects: 0, last_tick_at_ms: t0 + 1_500, tick_age_ms: 100 });
    expect(okxRow.messages_per_s).toBeGreaterThan(0);
    // Bybit's last trade in its frames: its own time, not when it arrived.
    expect(venues.find((v) => v.id === "bybit")).toMatchObject({ connected: true, off: false, switchable: true, reconnects: 0 });
    expect((await venueOf("bybit")).tick_age_ms).toBe(t0 + 1_600 - (await venueOf("bybit")).last_tick_at_ms!);
    // The simulator prices forex and metals: listed, and not switchable (its pairs have no other source).
    expect(venues.find((v) => v.id === "sim-a")).toMatchObject({ source: "sim", switchable: false, off: false });
  });

  it("counts a dropped connection as a reconnect", async () => {
    okx.sockets[0].terminate();
    await until(() => okx.sockets.length === 2 && okx.received[1]?.length > 0, 10_000);
    await server.market.step();
    expect(await venueOf("okx")).toMatchObject({ connected: true, reconnects: 1 });
    // Prometheus: the reconnects counter and each venue's tick age, one series per venue.
    const text = (await server.app.inject({ url: "/metrics", headers: { authorization: "Bearer feed-metrics-token" } })).body;
    expect(text).toContain("# TYPE tradewise_feed_reconnects_total counter");
    expect(text).toMatch(/^tradewise_feed_reconnects_total\{venue="okx"\} 1$/m);
    expect(text).toMatch(/^tradewise_feed_reconnects_total\{venue="bybit"\} 0$/m);
    expect(text).toMatch(/^tradewise_feed_tick_age_seconds\{venue="okx"\} \d+(\.\d+)?$/m);
  });

  it("refuses a user, a reviewer's switch, an unknown venue and the simulator, and changes nothing", async () => {
    expect((await server.call("GET", "backoffice/market/feed", {}, { token: user.token })).status).toBe(401);
    expect((await switchVenue("okx", true, user.token)).status).toBe(401);
    const reviewer = await server.newOperator("reviewer");
    expect((await server.call("GET", "backoffice/market/feed", {}, { token: reviewer.token })).status).toBe(200);
    const refused = await switchVenue("okx", true, reviewer.token);
    expect([refused.status, refused.body.code]).toEqual([403, "UNAUTHORIZED_OPERATION"]);
    const unknown = await switchVenue("kraken", true);
    expect([unknown.status, unknown.body.code]).toEqual([404, "VENUE_NOT_FOUND"]);
    const sim = await switchVenue("sim-a", true);
    expect([sim.status, sim.body.code]).toEqual([409, "VENUE_NOT_SWITCHABLE"]);
    const bad = await server.call("POST", "backoffice/market/feed/venue", { venue: "okx", off: "maybe" }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(await audits()).toEqual([]);
    expect((await feed()).every((v) => !v.off)).toBe(true);
  });
});

describe("switching a venue off for everybody", () => {
  it("drops OKX out of the quote, audited and announced, while Bybit keeps the pair quoting", async () => {
    const off = await switchVenue("okx", true, admin.token, "bad prints");
    expect([off.status, off.body.message]).toEqual([200, { venue: "okx", off: true }]);
    expect(await audits()).toEqual([{ action: "market.venue.off", actor_id: admin.id, target_id: "okx", detail: { reason: "bad prints" } }]);
    // Asked again: nothing changes, nothing is announced twice.
    expect((await switchVenue("okx", true)).status).toBe(200);
    expect(await audits()).toHaveLength(1);
    const values = { venue: "OKX", venues: "Bybit", time: utcDateTime(server.clock.now()) };
    const notices = (await inbox("es")).filter((n) => n.kind === "notice" && n.title === server.ctx.translator.t("es", notifications.VENUE_OFF_TITLE.key, values));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: server.ctx.translator.t("es", notifications.VENUE_OFF_TITLE.key, values), body: server.ctx.translator.t("es", notifications.VENUE_OFF_BODY.key, values) });
    expect(notices[0].body).not.toBe(server.ctx.translator.t("en", notifications.VENUE_OFF_BODY.key, values));
    expect(await venueOf("okx")).toMatchObject({ connected: true, off: true });

    // OKX prints far away: it counts for nothing; Bybit's trade is the price.
    server.clock.set(t0 + 3_100);
    await send([
      [okx, okxTrade("70000", t0 + 3_000)],
      [bybit, bybitTrade("65030", t0 + 3_050)],
    ]);
    expect(await btc()).toMatchObject({ last: "65030.00", trading: true, paused: false });
    // Its trades leave the recent-trades list too.
    const trades = (await server.call<{ list: Array<{ venue: string; price: string }> }>("GET", "currency/trades", { symbol: "BTC/USDT", limit: 3 })).body.message.list;
    expect(trades[0]).toMatchObject({ venue: "bybit", price: "65030" });
    expect(trades.some((t) => t.price === "70000")).toBe(false);
  });

  it("pauses the pair when the only venue left is switched off, and resumes when one is on again", async () => {
    expect((await switchVenue("bybit", true)).status).toBe(200);
    server.clock.set(t0 + 4_100);
    await send([
      [okx, okxTrade("65040", t0 + 4_000)],
      [bybit, bybitTrade("65041", t0 + 4_050)],
    ]);
    // No venue counts: no tick since 3.05 s; past the crypto maximum age the pair pauses.
    server.clock.set(t0 + 3_050 + server.ctx.config.TICK_MAX_AGE_CRYPTO_MS + 100);
    await server.market.step();
    expect(await btc()).toMatchObject({ last: "65030.00", trading: false, paused: true });

    const switchedOn = await switchVenue("okx", false, admin.token);
    expect([switchedOn.status, switchedOn.body.message]).toEqual([200, { venue: "okx", off: false }]);
    expect((await audits()).map((a) => [a.action, a.target_id])).toEqual([
      ["market.venue.off", "okx"],
      ["market.venue.off", "bybit"],
      ["market.venue.on", "okx"],
    ]);
    const now = server.clock.now().getTime();
    await send([[okx, okxTrade("65050", now - 10)]]);
    expect(await btc()).toMatchObject({ last: "65050.00", trading: true, paused: false });
    const titles = (await inbox("en")).filter((n) => n.kind === "notice").map((n) => n.title);
    expect(titles.filter((title) => title.startsWith("OKX") || title.startsWith("Bybit")).sort()).toEqual(["Bybit prices switched off", "OKX prices switched off", "OKX prices switched on again"]);
    const on = (await inbox("en")).find((n) => n.title === "OKX prices switched on again");
    expect(on?.body).toContain("crypto pairs are priced from OKX again; their prices come from OKX.");
  });
});
