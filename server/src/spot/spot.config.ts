import { spotConfig as configSchema, type SpotConfig } from "../../contract/spot";
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

/** A rate an operator may set: below 50 % (the column's check). */
export const rateProblem = (config: SpotConfig): boolean => [config.fee_rate, ...Object.values(config.pairs)].some((rate) => Number(rate) >= 0.5);
