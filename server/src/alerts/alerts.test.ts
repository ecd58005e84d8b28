import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors, notifications } from "../../contract";
import type { Alert } from "../../contract/alerts";
import { createTestServer, testDatabaseKind, type TestServer } from "../testing/harness";
import { leadTheFeed, tick } from "../testing/ticks";

/**
 * Price alerts through HTTP, the trigger runner and the database: the calls and their refusals, firings on the first
 * fresh tick that crosses (inbox notice, socket message, push note), `always` re-arming, a new leader that fires
 * nothing twice, and a delete racing a firing settling once. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (where the race is real: two connections, row locks).
 */

let server: TestServer;
const BTC = "BTC/USDT";
const ETH = "ETH/USDT";
/** Alerts sent on the socket channel `alerts` (through the bus, as every process's sockets get them). */
const sent: Array<{ userId: number; alert: Alert }> = [];

beforeAll(async () => {
  server = await createTestServer();
  server.ctx.bus.subscribe("realtime.user", (m) => {
    const message = m as { channel: string; userId: number; data: Alert };
    if (message.channel === "alerts") sent.push({ userId: message.userId, alert: message.data });
  });
  server.ctx.bus.subscribe("realtime.users", (m) => {
    const message = m as { channel: string; list: Array<{ userId: number; data: Alert }> };
    if (message.channel === "alerts") for (const { userId, data } of message.list) sent.push({ userId, alert: data });
  });
  await leadTheFeed(server);
  await tick(server, { [BTC]: "60000", [ETH]: "3000" });
});
afterAll(async () => {
  await server?.close();
});

const add = (token: string, input: Record<string, unknown>) => server.call<Alert>("POST", "alert/add", { symbol: BTC, ...input }, { token });
const list = (token: string, query: Record<string, unknown> = {}) => server.call<{ list: Alert[]; total: number }>("GET", "alert/list", query, { token });
const inbox = async (token: string) => (await server.call<{ list: Array<{ title: string; body: string }> }>("GET", "user/usermessage", { limit: 50 }, { token })).body.message.list;
const firedFor = (id: number) => sent.filter((s) => s.alert.id === id && s.alert.fired_tick !== null);
const one = async (token: string, id: number) => (await list(token)).body.message.list.find((a) => a.id === id);

/** A tick recorded with its own time `ageMs` before the clock's next second (a late burst of old prices). */
async function oldTick(symbol: string, price: string, ageMs: number): Promise<void> {
  server.clock.advance(1_000);
  const atMs = server.clock.now().getTime() - ageMs;
  server.market.apply({ atMs, leader: "test", ticks: [{ symbol, price, quantity: "0", atMs, source: "sim" }], tickers: [], candles: [], quotes: [], venues: [] });
  await server.engines.triggers.drain();
}

describe("alert/add refusals: each a translated message, nothing written", () => {
  it.each([
    [{ kind: "above" }, errors.ALERT_PRICE_REQUIRED.key, "price"],
    [{ kind: "below", price: "0" }, errors.ALERT_PRICE_REQUIRED.key, "price"],
    [{ kind: "above", price: "60000.123" }, errors.PARAMETER_ERROR.key, "price"],
    [{ kind: "move", rate: "0", window_s: 60 }, errors.ALERT_RATE.key, "rate"],
    [{ kind: "move", rate: "0.0009", window_s: 60 }, errors.ALERT_RATE.key, "rate"],
    [{ kind: "move", rate: "0.51", window_s: 60 }, errors.ALERT_RATE.key, "rate"],
    [{ kind: "move", rate: "0.1", window_s: 120 }, errors.ALERT_WINDOW.key, "window_s"],
    [{ kind: "move", rate: "0.1" }, errors.ALERT_WINDOW.key, "window_s"],
    [{ kind: "sideways", price: "1" }, errors.PARAMETER_ERROR.key, undefined],
    [{ kind: "above", price: "1", symbol: "NOPE/USDT" }, errors.PAIR_NOT_FOUND.key, undefined],
    [{ kind: "above", price: "1", repeat: "twice" }, errors.PARAMETER_ERROR.key, undefined],
  ])("%o is refused", async (input, message, field) => {
    const user = await server.newUser();
    const answer = await add(user.token, input);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toBe(message);
    if (field) expect(answer.body.fields?.[field]).toBeTruthy();
    expect((await list(user.token)).body.message.total).toBe(0);
  });

  it("accepts both ends of the rate and every window", async () => {
    const user = await server.newUser();
    for (const [rate, window_s] of [["0.001", 60], ["0.5", 300], ["0.2", 3600], ["0.3", "86400"]] as const) {
      const answer = await add(user.token, { kind: "move", rate, window_s });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toMatchObject({ kind: "move", rate, window_s: Number(window_s), price: null, repeat: "once", status: "active", fired_at: null, fired_tick: null });
    }
  });

  it("at most 50 active alerts: the 51st is refused, a deleted one makes room", async () => {
    const user = await server.newUser();
    const added = await Promise.all(Array.from({ length: 52 }, (_, i) => add(user.token, { kind: "above", price: String(90_000 + i) })));
    expect(added.filter((a) => a.status === 200)).toHaveLength(50);
    const refused = added.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.body.message as unknown)).toEqual([errors.ALERTS_TOO_MANY.key, errors.ALERTS_TOO_MANY.key]);
    expect((await list(user.token, { status: "active", limit: 100 })).body.message.total).toBe(50);
    const first = added.find((a) => a.status === 200)!.body.message;
    expect((await server.call("POST", "alert/delete", { id: first.id }, { token: user.token })).status).toBe(200);
    expect((await add(user.token, { kind: "below", price: "1" })).status).toBe(200);
  });

  it("another user's alert is data not found, to delete and to pause", async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    const { id } = (await add(owner.token, { kind: "above", price: "99999" })).body.message;
    for (const [path, input] of [["alert/delete", { id }], ["alert/pause", { id, paused: true }]] as const) {
      const answer = await server.call("POST", path, input, { token: other.token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(errors.DATA_NOT_FOUND.key);
    }
    expect((await one(owner.token, id))?.paused).toBe(false);
  });
});

describe("firing", () => {
  it("above: not on a stale tick, then on the first fresh tick at the level, once, named in the notice and on the socket (the push: push.test.ts)", async () => {
    const user = await server.newUser();
    await server.database.query("UPDATE users SET lang = 'es' WHERE id = $1", [user.id]);
    await tick(server, { [BTC]: "60000" });
    const { id } = (await add(user.token, { kind: "above", price: "60500" })).body.message;
    await tick(server, { [BTC]: "60499.99" });
    await oldTick(BTC, "61000", 60_000);
    expect((await one(user.token, id))?.status).toBe("active");
    const atMs = await tick(server, { [BTC]: "60500" });
    await tick(server, { [BTC]: "61000" });

    const alert = (await one(user.token, id))!;
    expect(alert).toMatchObject({ status: "fired", fired_tick: { price: "60500", at_ms: atMs } });
    expect(firedFor(id)).toEqual([{ userId: user.id, alert }]);
    const notices = (await inbox(user.token)).filter((n) => n.title === server.ctx.translator.t("es", notifications.ALERT_TITLE.key, { symbol: BTC }));
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain("60.500,00");
    expect(notices[0].title).not.toBe(notifications.ALERT_TITLE.en.replace("{symbol}", BTC));
  });

  it("below: a gap through the level fires on that tick", async () => {
    const user = await server.newUser();
    const { id } = (await add(user.token, { kind: "below", price: "59000", repeat: "once" })).body.message;
    const atMs = await tick(server, { [BTC]: "58000.5" });
    expect((await one(user.token, id))?.fired_tick).toEqual({ price: "58000.5", at_ms: atMs });
  });

  it("always: fires again only after the price went strictly back across", async () => {
    const user = await server.newUser();
    await tick(server, { [BTC]: "60000" });
    const { id } = (await add(user.token, { kind: "above", price: "60100", repeat: "always" })).body.message;
    await tick(server, { [BTC]: "60100" }); // fires
    await tick(server, { [BTC]: "60200" }); // still above: nothing
    await tick(server, { [BTC]: "60100" }); // at the level: not back across
    await tick(server, { [BTC]: "60150" });
    expect(firedFor(id)).toHaveLength(1);
    await tick(server, { [BTC]: "60099.99" }); // back across: re-armed
    await tick(server, { [BTC]: "60100.5" }); // fires again
    expect(firedFor(id)).toHaveLength(2);
    expect((await one(user.token, id))?.status).toBe("active");
  });

  it("move: the change over the window, on ETH alone, and an always move waits a window before it fires again", async () => {
    const user = await server.newUser();
    // A history a window long: the reference of the ticks below is the price a minute before them.
    server.clock.advance(61_000);
    await tick(server, { [ETH]: "3000" });
    const { id } = (await add(user.token, { symbol: ETH, kind: "move", rate: "0.05", window_s: 60, repeat: "always" })).body.message;
    // 4.9 % within the minute: nothing; BTC moving does not touch it.
    await tick(server, { [ETH]: "3147", [BTC]: "10" });
    expect(firedFor(id)).toHaveLength(0);
    await tick(server, { [ETH]: "3150" });
    expect(firedFor(id)).toHaveLength(1);
    expect(firedFor(id)[0].alert.fired_tick?.price).toBe("3150");
    await tick(server, { [ETH]: "3400" });
    expect(firedFor(id)).toHaveLength(1);
    // A window after the firing it is armed again, and the next 5 % move fires it.
    server.clock.advance(60_000);
    await tick(server, { [ETH]: "3400" });
    await tick(server, { [ETH]: "3600" });
    expect(firedFor(id)).toHaveLength(2);
    await tick(server, { [BTC]: "60000" });
  });

  it("a paused alert does not fire; resumed, it fires on the next tick that crosses", async () => {
    const user = await server.newUser();
    await tick(server, { [BTC]: "60000" });
    const { id } = (await add(user.token, { kind: "above", price: "60010" })).body.message;
    expect((await server.call<Alert>("POST", "alert/pause", { id, paused: true }, { token: user.token })).body.message.paused).toBe(true);
    await tick(server, { [BTC]: "60020" });
    expect((await one(user.token, id))?.status).toBe("active");
    await server.call("POST", "alert/pause", { id, paused: "false" }, { token: user.token });
    await tick(server, { [BTC]: "60030" });
    expect((await one(user.token, id))?.status).toBe("fired");
  });

  it("a new leader loads the alerts from the database and fires nothing twice", async () => {
    const user = await server.newUser();
    await tick(server, { [BTC]: "60000" });
    const once = (await add(user.token, { kind: "above", price: "60200" })).body.message;
    const always = (await add(user.token, { kind: "above", price: "60200", repeat: "always" })).body.message;
    const waiting = (await add(user.token, { kind: "above", price: "60400" })).body.message;
    await tick(server, { [BTC]: "60300" });
    expect(firedFor(once.id)).toHaveLength(1);
    expect(firedFor(always.id)).toHaveLength(1);
    // The leader goes; another takes over from the database, and sees the same and later prices.
    server.engines.triggers.stop();
    server.engines.triggers.start();
    await server.engines.triggers.ensureLoaded();
    await tick(server, { [BTC]: "60300" });
    await tick(server, { [BTC]: "60400" });
    expect(firedFor(once.id)).toHaveLength(1);
    expect(firedFor(always.id)).toHaveLength(1);
    expect(firedFor(waiting.id)).toHaveLength(1);
    await tick(server, { [BTC]: "60000" });
  });
});

describe("a delete racing a firing", () => {
  it("settles each alert once: fired (one notice) then deleted, or deleted without a notice", async () => {
    const user = await server.newUser();
    await tick(server, { [BTC]: "60000" });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await add(user.token, { kind: "above", price: String(60_001 + i) })).body.message.id);
    const before = (await inbox(user.token)).length;
    const firing = tick(server, { [BTC]: "61000" });
    const deletes = await Promise.all(ids.map((id) => server.call("POST", "alert/delete", { id }, { token: user.token })));
    await firing;
    await server.engines.triggers.drain();
    expect(deletes.every((d) => d.status === 200)).toBe(true);
    expect((await list(user.token)).body.message.total).toBe(0);
    const notices = (await inbox(user.token)).length - before;
    const pushed = ids.filter((id) => firedFor(id).length > 0);
    for (const id of ids) expect(firedFor(id).length).toBeLessThanOrEqual(1);
    // Each firing wrote exactly one notice, and nothing was deleted twice or fired after its delete.
    expect(notices).toBe(pushed.length);
    if (testDatabaseKind() === "postgres") expect(notices).toBeLessThanOrEqual(ids.length);
  });
});
