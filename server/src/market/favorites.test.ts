import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../contract";
import { createTestServer, type TestServer } from "../testing/harness";

/** Favourite pairs: kept per user on the server, the same list on every session, refusals translated. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const favorites = (token: string) => server.call<{ list: string[] }>("GET", "market/favorites", {}, { token });
const favorite = (token: string, symbol: string, on: unknown, form = false) => server.call<{ list: string[] }>("POST", "market/favorite", { symbol, on }, { token, form });

describe("market/favorites", () => {
  it("adds in order, once, takes out, and follows the user to another session", async () => {
    const user = await server.newUser();
    expect((await favorites(user.token)).body.message.list).toEqual([]);
    await favorite(user.token, "ETH/USDT", true);
    server.clock.advance(1_000);
    await favorite(user.token, "btc-usdt", true);
    expect((await favorite(user.token, "BTC/USDT", "true", true)).body.message.list).toEqual(["ETH/USDT", "BTC/USDT"]);
    const other = await server.call<{ token: string }>("POST", "user/login", { account: user.account, password: user.password });
    expect((await favorites(other.body.message.token)).body.message.list).toEqual(["ETH/USDT", "BTC/USDT"]);
    expect((await favorite(other.body.message.token, "ETH/USDT", false)).body.message.list).toEqual(["BTC/USDT"]);
    expect((await favorites(user.token)).body.message.list).toEqual(["BTC/USDT"]);
    // Another user's list is their own.
    const stranger = await server.newUser();
    expect((await favorites(stranger.token)).body.message.list).toEqual([]);
  });

  it.each([
    ["NOPE/USDT", true, errors.PAIR_NOT_FOUND.key],
    ["BTC/USDT", "maybe", errors.PARAMETER_ERROR.key],
    ["", true, errors.PAIR_NOT_FOUND.key],
  ])("refuses %s %s with a translated message, changing nothing", async (symbol, on, message) => {
    const user = await server.newUser();
    const answer = await favorite(user.token, symbol, on);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toBe(message);
    expect((await favorites(user.token)).body.message.list).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    expect((await server.call("GET", "market/favorites")).status).toBe(401);
  });
});
