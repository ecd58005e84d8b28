import type { ConfigTermLine } from "../../contract/market";
import { spotConfig as configSchema, type SpotConfig } from "../../contract/spot";
import { termLine } from "../terms";
import { parsedOrDefault, settingReader } from "../platform/settings";

/**
 * Spot fee rates (settings `spot.config`): a default for every pair and per-pair rates, fractions of the amount, in
 * the quote currency. Default 0.1 %. An order keeps the rate it was placed with (copied onto its row).
 */
export const SPOT_CONFIG_KEY = "spot.config";

export const DEFAULT_SPOT_CONFIG: SpotConfig = { fee_rate: "0.001", pairs: {} };

/** Read fresh (`read`), or at most a few seconds old on the order path (`cached`); `save` drops the cache. */
export const spotConfig = settingReader(SPOT_CONFIG_KEY, parsedOrDefault(configSchema, DEFAULT_SPOT_CONFIG));

export const feeRateFor = (config: SpotConfig, symbol: string): string => config.pairs[symbol] ?? config.fee_rate;

/**
 * The announced lines of a change of the fee rates: the default ("default": every pair without its own), then each
 * pair whose effective rate moves otherwise. A higher rate is worse for users.
 */
export function spotTermLines(before: SpotConfig, after: SpotConfig): ConfigTermLine[] {
  const base = termLine("default", "fee_rate", before.fee_rate, after.fee_rate);
  const lines = base ? [base] : [];
  for (const symbol of [...new Set([...Object.keys(before.pairs), ...Object.keys(after.pairs)])].sort()) {
    const line = termLine(symbol, "fee_rate", feeRateFor(before, symbol), feeRateFor(after, symbol));
    if (line && !(base && base.from === line.from && base.to === line.to)) lines.push(line);
  }
  return lines;
}

/** A rate an operator may set: below 50 % (the column's check). */
export const rateProblem = (config: SpotConfig): boolean => [config.fee_rate, ...Object.values(config.pairs)].some((rate) => Number(rate) >= 0.5);
