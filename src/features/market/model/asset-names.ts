import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The listed assets' names, translated, so the market search finds a pair by name in the user's language ("bitcoin",
 * "oro", "欧元") as well as by symbol. An asset without a name here is found by its symbol only.
 */
const ASSET_NAMES: Record<string, MessageDescriptor> = {
  BTC: msg`Bitcoin`,
  ETH: msg`Ethereum`,
  BNB: msg`BNB coin`,
  SOL: msg`Solana`,
  XRP: msg`XRP Ripple`,
  DOGE: msg`Dogecoin`,
  ADA: msg`Cardano`,
  TRX: msg`TRON`,
  LTC: msg`Litecoin`,
  DOT: msg`Polkadot`,
  USDT: msg`Tether`,
  USD: msg`US dollar`,
  EUR: msg`Euro`,
  GBP: msg`British pound`,
  JPY: msg`Japanese yen`,
  AUD: msg`Australian dollar`,
  CHF: msg`Swiss franc`,
  CAD: msg`Canadian dollar`,
  XAU: msg`Gold`,
  XAG: msg`Silver`,
};

/** The asset's name in the current language, or null when it has none. */
export function assetName(i18n: I18n, code: string): string | null {
  const name = ASSET_NAMES[code];
  return name ? i18n._(name) : null;
}
