import type { MarketModule } from "../market";
import { quoteAround } from "../market";
import type { AppContext } from "../platform/context";
import { TriggerRunner } from "./trigger-runner";

/**
 * The one trigger runner of a process: fed by the market's recorded ticks, acting only while this process leads
 * the feed. Positions (and later spot and options) register as its sources.
 */
export function registerTriggers(ctx: AppContext, market: MarketModule): TriggerRunner {
  const runner = new TriggerRunner({
    ticks: market.prices,
    bus: ctx.bus,
    events: ctx.events,
    isLeader: () => market.isLeader(),
    quote: (symbol, price, spread) => {
      const pair = market.pairs.pair(symbol);
      return pair ? quoteAround(price, spread ?? pair.spread_rate, pair.price_precision) : null;
    },
    log: ctx.log,
  });
  runner.start();
  return runner;
}
