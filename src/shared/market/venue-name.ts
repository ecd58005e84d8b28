import { t } from "@lingui/core/macro";

const KNOWN: Record<string, string> = { binance: "Binance", okx: "OKX", bybit: "Bybit", oanda: "OANDA" };

/**
 * A venue as the reader says it: the real venues by their own names, the simulator's three ("sim-a"...) as demo
 * venues in the reader's language. The one naming of venues for the app and the back office.
 */
export function venueName(id: string, name?: string): string {
  const demo = /^sim-([a-z])$/.exec(id);
  if (demo) return t`Demo venue ${demo[1].toUpperCase()}`;
  return KNOWN[id] ?? name ?? id;
}
