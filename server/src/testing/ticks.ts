/**
 * Test helper (not a test file): moves one pair's price to exactly the value a case needs, the way the feed
 * leader does: the tick is recorded in `market_ticks` first, then published to every process's market view, and
 * the trigger runner settles whatever it crossed before the helper returns.
 */
import type { TestServer } from "./harness";

/** Makes the test process the feed leader with a short history (the trigger runner acts only in the leader). */
export async function leadTheFeed(server: TestServer): Promise<void> {
  await server.market.startManual({ historyCandles: 5, historyMinutes: 10 });
  await server.engines.triggers.ensureLoaded();
}

/** Records and publishes one tick per pair at the clock's next second, then waits for the settlements. */
export async function tick(server: TestServer, prices: Record<string, string>): Promise<number> {
  server.clock.advance(1_000);
  const atMs = server.clock.now().getTime();
  const entries = Object.entries(prices);
  for (const [symbol, price] of entries) {
    await server.database.query("INSERT INTO market_ticks (symbol, at_ms, price, quantity, source) VALUES ($1, $2, $3, 0, 'sim')", [symbol, atMs, price]);
  }
  server.market.apply({
    atMs,
    leader: "test",
    ticks: entries.map(([symbol, price]) => ({ symbol, price, quantity: "0", atMs, source: "sim" as const })),
    tickers: entries.map(([symbol, price]) => ({ symbol, last: price, open: price, high: price, low: price, volume: "0", quoteVolume: "0", atMs, source: "sim" as const })),
    candles: [],
    quotes: [],
    venues: [],
  });
  await server.engines.triggers.drain();
  return atMs;
}
