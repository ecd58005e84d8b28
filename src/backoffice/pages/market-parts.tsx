import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { MarketKind } from "@contract/market";
import { formatDecimal } from "@/shared/i18n/format";
import { i18n } from "@/shared/i18n/i18n";

export const KINDS: MarketKind[] = ["crypto", "forex", "metal"];

const KIND: Record<MarketKind, MessageDescriptor> = { crypto: msg`Crypto`, forex: msg`Forex`, metal: msg`Metal` };

export const kindText = (kind: MarketKind): string => i18n._(KIND[kind]);

/** A fraction written by the contract ("0.0004") as a percentage ("0.04%"), moved two places on the digits. */
export function percentOfFraction(fraction: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!match) return "-";
  const [, sign, whole, decimals = ""] = match;
  const shiftedWhole = (whole + decimals.slice(0, 2).padEnd(2, "0")).replace(/^0+(?=\d)/, "");
  const shiftedDecimals = decimals.slice(2);
  return `${sign}${formatDecimal(shiftedDecimals ? `${shiftedWhole}.${shiftedDecimals}` : shiftedWhole)}%`;
}

/** How old a tick is, short: "0.8 s", "42 s", "3 min", "2 h". */
export function ageText(ms: number | null): string {
  if (ms === null) return "-";
  if (ms < 10_000) return `${(Math.max(ms, 0) / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
