import type { ConfigTermLine, MarketKind } from "../../contract/market";
import { termLine } from "../terms";
import { config as configSchema, type OptionsConfig } from "../../contract/options";
import { parsedOrDefault, settingReader } from "../platform/settings";

/**
 * The option periods (settings `options.config`, edited in the back office): per kind, each period's length, the
 * profit rate of a win and the stake limits; and the currencies a stake may be paid in. Every rate is below 1, so a
 * win pays less than the stake it risks: the break-even win rate 1 / (1 + rate) is above one half.
 */
export const OPTIONS_CONFIG_KEY = "options.config";

const periods = (rates: Array<[number, string]>, min: string, max: string) => rates.map(([seconds, rate]) => ({ seconds, rate, min, max }));

export const DEFAULT_OPTIONS_CONFIG: OptionsConfig = {
  kinds: {
    crypto: periods([[30, "0.8"], [60, "0.82"], [300, "0.85"], [900, "0.86"], [3600, "0.88"], [86400, "0.9"]], "10", "50000"),
    forex: periods([[60, "0.8"], [300, "0.82"], [900, "0.84"], [3600, "0.86"], [86400, "0.88"]], "10", "50000"),
    metal: periods([[60, "0.8"], [300, "0.82"], [900, "0.84"], [3600, "0.86"], [86400, "0.88"]], "10", "50000"),
  },
  currencies: ["USDT"],
};

/** Read fresh (`read`), or at most a few seconds old on the order path (`cached`); `save` drops the cache. */
export const optionsConfig = settingReader(OPTIONS_CONFIG_KEY, parsedOrDefault(configSchema, DEFAULT_OPTIONS_CONFIG));

export const periodsOf = (config: OptionsConfig, kind: MarketKind) => [...config.kinds[kind]].sort((a, b) => a.seconds - b.seconds);

/**
 * The announced lines of a change of the periods: each period kept with a new payout rate (lower is worse for
 * users). A period added or withdrawn, a stake limit or a currency changes no price of an option one can place.
 */
export function optionsTermLines(before: OptionsConfig, after: OptionsConfig): ConfigTermLine[] {
  const lines: ConfigTermLine[] = [];
  for (const kind of Object.keys(after.kinds) as MarketKind[]) {
    for (const period of periodsOf(after, kind)) {
      const old = before.kinds[kind].find((p) => p.seconds === period.seconds);
      const line = old ? termLine(kind, "payout_rate", old.rate, period.rate, period.seconds) : null;
      if (line) lines.push(line);
    }
  }
  return lines;
}

/** What is wrong with a configuration an operator saves (empty when it is sound). */
export function configProblems(config: OptionsConfig): string[] {
  const problems: string[] = [];
  for (const [kind, list] of Object.entries(config.kinds)) {
    const seen = new Set<number>();
    for (const p of list) {
      if (seen.has(p.seconds)) problems.push(`${kind}: ${p.seconds} s twice`);
      seen.add(p.seconds);
      if (Number(p.rate) <= 0 || Number(p.rate) >= 1) problems.push(`${kind} ${p.seconds} s: the rate must be above 0 and below 1`);
      if (Number(p.min) <= 0 || Number(p.max) < Number(p.min)) problems.push(`${kind} ${p.seconds} s: min must be above 0 and max at least min`);
    }
  }
  return problems;
}
