import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "decimal.js";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { credit } from "../../server/src/testing/money";

/** Across domains: the wallet values holdings at the market's live price, and at the reference price only without one. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.market.stop();
  await server?.close();
});

interface Wallet {
  currency: string;
  balance: string;
  usdt_value: string;
}
const btcValue = async (token: string) =>
  (await server.call<Wallet[]>("POST", "wallet/list", {}, { token })).body.message.find((w) => w.currency === "BTC")?.usdt_value;

describe("wallet valuation", () => {
  it("uses the reference price before the feed has a tick, then the live price", async () => {
    const user = await server.newUser();
    await credit(server, user.id, "2", "BTC");
    expect(await btcValue(user.token)).toBe("130000"); // 2 x the configured reference price 65000

    await server.market.startManual({ historyCandles: 20, historyMinutes: 60 });
    server.clock.advance(1_000);
    await server.market.step();
    const last = server.market.prices.lastTick("BTC/USDT")!;
    const live = await btcValue(user.token);
    expect(new Decimal(live!).toString()).toBe(new Decimal(String(last.price)).times(2).toString());
    expect(live).not.toBe("130000");
  });
});
