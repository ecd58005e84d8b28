import { market } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { MarketService } from "./market.service";
import type { TermChanges } from "../terms";
import type { VenueSwitch } from "./venue-switch";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];
const FX = ["forex", "metal"] as const;

/** The market calls: thin, the service answers. */
export function marketRoutes(ctx: AppContext, service: MarketService, terms: TermChanges, venueSwitch: VenueSwitch, feed: { leader: () => boolean; retentionHours: number }): void {
  const { api, config } = ctx;

  api.route(market.quotations, ({ input }) => service.quotations(input.kind ? [input.kind] : undefined));
  api.route(market.klines, ({ input }) => service.klines(input));
  api.route(market.fxQuotations, ({ input }) => service.quotations(input.kind ? [input.kind] : FX));
  api.route(market.fxKlines, ({ input }) => service.klines(input, FX));
  api.route(market.pairs, ({ input }) => service.pairs(input));
  api.route(market.arbitrage, ({ input }) => service.arbitrage(input));
  api.route(market.depth, ({ input }) => service.depth(input.symbol, input.limit));
  api.route(market.trades, ({ input }) => ({ list: service.trades(input.symbol, input.limit) }));

  api.route(market.backofficePairs, ({ input }) => service.pairs(input), { roles: READERS });
  api.route(market.updatePair, ({ operator, input }) => service.updatePair(operator, input), { roles: ["admin"] });
  // Announced term changes (terms/term-changes.ts): the list, the notice period, a cancellation before the effective time.
  api.route(market.termChanges, ({ input }) => terms.list(input.symbol), { roles: READERS });
  api.route(market.saveTermNotice, ({ operator, input }) => terms.saveNotice(operator.id, input.notice_hours, input.reason ?? null), { roles: ["admin"] });
  api.route(market.cancelTermChange, ({ operator, input }) => service.cancelTermChange(operator, input), { roles: ["admin"] });
  api.route(
    market.feedStatus,
    () => ({
      source: config.MARKET_SOURCE,
      bus: ctx.bus.kind ?? "local",
      tick_retention_hours: feed.retentionHours,
      ...service.feedStatus(feed.leader(), venueSwitch),
    }),
    { roles: READERS },
  );
  api.route(market.switchVenue, ({ operator, input }) => venueSwitch.set(operator.id, input.venue, input.off, input.reason ?? null, service.venues()), { roles: ["admin"] });
}
