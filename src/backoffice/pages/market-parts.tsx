import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { formatDecimal } from "@/shared/i18n/format";
import type { MarketKind } from "@contract/market";
import { i18n } from "@/shared/i18n/i18n";

export const KINDS: MarketKind[] = ["crypto", "forex", "metal"];

const KIND: Record<MarketKind, MessageDescriptor> = { crypto: msg`Crypto`, forex: msg`Forex`, metal: msg`Metal` };

export const kindText = (kind: MarketKind): string => i18n._(KIND[kind]);


/** How old a tick is, short: "0.8 s", "42 s", "3 min", "2 h". */
export function ageText(ms: number | null): string {
  if (ms === null) return "-";
  if (ms < 10_000) return `${formatDecimal((Math.max(ms, 0) / 1000).toFixed(1))} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
