import { market } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { MarketPairs } from "./market.pairs";
import type { MarketPrices } from "./market.prices";
import type { MarketView } from "./market.view";
import type { TermChanges } from "../terms";
import type { VenueSwitch } from "../feeds";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];
const FX = ["forex", "metal"] as const;

/** The market calls: thin, the pairs, the prices or the view answers. */
export function marketRoutes(ctx: AppContext, { pairs, prices, view }: { pairs: MarketPairs; prices: MarketPrices; view: MarketView }, terms: TermChanges, venueSwitch: VenueSwitch, feed: { leader: () => boolean; retentionHours: number }): void {
  const { api, config } = ctx;

  api.route(market.quotations, ({ input }) => view.quotations(input.kind ? [input.kind] : undefined));
  api.route(market.klines, ({ input }) => view.klines(input));
  api.route(market.fxQuotations, ({ input }) => view.quotations(input.kind ? [input.kind] : FX));
  api.route(market.fxKlines, ({ input }) => view.klines(input, FX));
  api.route(market.pairs, ({ input }) => pairs.list(input));
  api.route(market.arbitrage, ({ input }) => view.arbitrage(input));
  api.route(market.depth, ({ input }) => view.depth(input.symbol, input.limit));
  api.route(market.trades, ({ input }) => ({ list: view.trades(input.symbol, input.limit) }));

  api.route(market.backofficePairs, ({ input }) => pairs.list(input), { roles: READERS });
  api.route(market.updatePair, ({ operator, input }) => pairs.updatePair(operator, input), { roles: ["admin"] });
  // Announced term changes (terms/term-changes.ts): the list, the notice period, a cancellation before the effective time.
  api.route(market.termChanges, ({ input }) => terms.list(input.symbol), { roles: READERS });
  api.route(market.saveTermNotice, ({ operator, input }) => terms.saveNotice(operator.id, input.notice_hours, input.reason ?? null), { roles: ["admin"] });
  api.route(market.cancelTermChange, ({ operator, input }) => pairs.cancelTermChange(operator, input), { roles: ["admin"] });
  api.route(
    market.feedStatus,
    () => ({
      source: config.MARKET_SOURCE,
      bus: ctx.bus.kind ?? "local",
      tick_retention_hours: feed.retentionHours,
      ...prices.feedStatus(feed.leader(), venueSwitch),
    }),
    { roles: READERS },
  );
  api.route(market.switchVenue, ({ operator, input }) => venueSwitch.set(operator.id, input.venue, input.off, input.reason ?? null, view.venues()), { roles: ["admin"] });
}
