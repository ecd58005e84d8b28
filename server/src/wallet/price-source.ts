import type { Decimal } from "decimal.js";
import type { Executor } from "../platform/db";
import { money } from "../ledger";
import { loadWalletConfig } from "./wallet.config";

/**
 * Where USDT prices come from, for wallet valuations and flash-exchange rates. The markets domain backs it with
 * live prices (pass its implementation to `registerMoney` in `money/money.module.ts`); until then the configured reference prices answer.
 */
export interface PriceSource {
  /** The price of one unit of `currency` in USDT, or null when there is none. */
  usdtPrice(currency: string): Promise<Decimal | null>;
  /** Says which source answered (shown to users next to a rate: "reference price" or the feed's name). */
  readonly name: string;
}

/** Reference prices from the wallet configuration (settings `wallet.config`). */
export function referencePriceSource(db: Executor): PriceSource {
  return {
    name: "reference",
    async usdtPrice(currency) {
      if (currency === "USDT") return money(1);
      const config = await loadWalletConfig(db);
      const price = config.reference_prices[currency];
      return price === undefined ? null : money(price);
    },
  };
}

/**
 * Live prices first; the reference prices only for a currency the feed has no fresh tick for (a pair switched off,
 * a feed that is still starting).
 */
export function preferLive(live: PriceSource, reference: PriceSource): PriceSource {
  return {
    name: live.name,
    async usdtPrice(currency) {
      return (await live.usdtPrice(currency)) ?? reference.usdtPrice(currency);
    },
  };
}
