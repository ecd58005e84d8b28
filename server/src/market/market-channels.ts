import { pairSymbol, type Quotation, type WsServerMessage } from "../../contract/market";
import { topicKey, type PublicChannels, type PublicRequest, type RealtimeHub } from "../platform/realtime";
import type { MarketUpdate } from "./market-state";
import type { MarketPairs } from "./market.pairs";
import type { MarketView } from "./market.view";

/** Levels a side a depth frame carries, and trades a trades frame carries at most. */
const SOCKET_DEPTH_LEVELS = 20;
const SOCKET_TRADES = 50;

/**
 * The market's public channels on the platform's socket hub: `ticker`, `depth`, `trades` and `kline` of a listed
 * pair, each update of the market fanned out to their subscribers. Answers the function that unplugs them.
 */
export function serveMarketChannels(hub: RealtimeHub, { pairs, view: market }: { pairs: MarketPairs; view: MarketView }): () => void {
  const channels: PublicChannels = {
    resolve(request: PublicRequest) {
      const parsed = pairSymbol.safeParse(request.symbol ?? "");
      if (!parsed.success || !pairs.pair(parsed.data)) return { refused: "PAIR_NOT_FOUND" };
      const symbol = parsed.data;
      const { channel, interval } = request;
      if (channel === "kline") {
        if (!interval) return { refused: "PARAMETER_ERROR" };
        const current = (): WsServerMessage[] => {
          const candle = market.openCandle(symbol, interval);
          return candle ? [{ channel, symbol, interval, data: candle }] : [];
        };
        return { topic: topicKey(channel, symbol, interval), ack: { channel, symbol, interval }, current };
      }
      const current = (): WsServerMessage[] => {
        if (channel === "depth") return [{ channel, symbol, data: market.depth(symbol, SOCKET_DEPTH_LEVELS) }];
        if (channel === "trades") return [{ channel, symbol, data: { list: market.trades(symbol, SOCKET_TRADES) } }];
        const q = channel === "ticker" ? market.quotationOf(symbol) : undefined;
        return q ? [{ channel: "ticker", symbol, data: q }] : [];
      };
      return { topic: topicKey(channel, symbol), ack: { channel, symbol }, current };
    },
  };
  hub.serve(channels);
  return market.onUpdate((update, quotations) => hub.update((publish) => fanOut(hub, market, update, quotations, publish)));
}

function fanOut(hub: RealtimeHub, market: MarketView, update: MarketUpdate, quotations: ReadonlyMap<string, Quotation>, publish: (topic: string, message: WsServerMessage) => void): void {
  for (const [symbol, q] of quotations) publish(topicKey("ticker", symbol), { channel: "ticker", symbol, data: q });
  // Depth and trades: at most one frame of each per pair per update (a flush a second), whatever the venues send.
  for (const symbol of new Set((update.books ?? []).map((b) => b.symbol))) {
    if (hub.hasTopic(topicKey("depth", symbol))) publish(topicKey("depth", symbol), { channel: "depth", symbol, data: market.depth(symbol, SOCKET_DEPTH_LEVELS) });
  }
  if (update.trades?.length) {
    const symbols = new Set(update.trades.map((t) => t.symbol).filter((symbol) => hub.hasTopic(topicKey("trades", symbol))));
    // The newest of the pair's list, which this update just brought in (and ordered).
    for (const symbol of symbols) {
      const count = update.trades.filter((t) => t.symbol === symbol).length;
      publish(topicKey("trades", symbol), { channel: "trades", symbol, data: { list: market.trades(symbol, Math.min(count, SOCKET_TRADES)) } });
    }
  }
  for (const change of update.candles) {
    const topic = topicKey("kline", change.symbol, change.interval);
    if (hub.hasTopic(topic)) publish(topic, { channel: "kline", symbol: change.symbol, interval: change.interval, data: market.displayCandle(change.symbol, change.candle) });
  }
}
