import type { ConfigTermLine, MarketKind } from "../../contract/market";
import { termLine } from "../terms";
import { config as configSchema, type PositionsConfig, type Rules } from "../../contract/positions";
import { parsedOrDefault, settingReader } from "../platform/settings";

/**
 * The leveraged trading rules (settings `positions.config`): per kind, with per-pair overrides. Defaults follow
 * the published rules: forex leverage capped at 30, metals at 20; forex and metals close Friday 21:00 to Sunday 21:00 UTC.
 * A position keeps the rates it opened with (they are copied onto its row).
 */
export const POSITIONS_CONFIG_KEY = "positions.config";

export const DEFAULT_POSITIONS_CONFIG: PositionsConfig = {
  kinds: {
    crypto: { leverages: [1, 2, 5, 10, 20, 50, 100], max_leverage: 100, fee_rate: "0.0005", maintenance_rate: "0.005", swap_long_rate: "0", swap_short_rate: "0" },
    forex: { leverages: [1, 5, 10, 20, 30], max_leverage: 30, fee_rate: "0.00007", maintenance_rate: "0", swap_long_rate: "0.00008", swap_short_rate: "0.00005" },
    metal: { leverages: [1, 5, 10, 20], max_leverage: 20, fee_rate: "0.0001", maintenance_rate: "0", swap_long_rate: "0.00012", swap_short_rate: "0.00008" },
  },
  pairs: {},
  session: { close: "5 21:00", open: "0 21:00" },
  warning_level: "150",
};

/** Read fresh (`read`), or at most a few seconds old on the order path (`cached`); `save` drops the cache. */
export const positionsConfig = settingReader(POSITIONS_CONFIG_KEY, parsedOrDefault(configSchema, DEFAULT_POSITIONS_CONFIG));

/** A pair's effective rules: its kind's, with the pair's overrides; leverages never above the cap. */
export function rulesFor(config: PositionsConfig, kind: MarketKind, symbol: string): Rules {
  const merged = { ...config.kinds[kind], ...(config.pairs[symbol] ?? {}) };
  return { ...merged, leverages: merged.leverages.filter((l) => l <= merged.max_leverage).sort((a, b) => a - b) };
}

const RATE_TERMS = ["fee_rate", "maintenance_rate", "swap_long_rate", "swap_short_rate"] as const;
const maxLeverage = (rules: Rules) => String(rules.leverages.at(-1) ?? rules.max_leverage);

/**
 * The announced lines of a change of the rules (terms/term-changes.ts): per kind, then per pair with an override
 * where its effective term moves otherwise than its kind's. Rates higher or a lower leverage cap are worse for users.
 * The session, the margin warning and the leverage choices under the cap are no term of a price.
 */
export function positionsTermLines(before: PositionsConfig, after: PositionsConfig, kindOf: (symbol: string) => MarketKind | undefined): ConfigTermLine[] {
  const lines: ConfigTermLine[] = [];
  const kindLines = new Map<string, ConfigTermLine>();
  const compare = (scope: string, a: Rules, b: Rules, kind: MarketKind | null) => {
    for (const field of [...RATE_TERMS, "max_leverage"] as const) {
      const line = field === "max_leverage" ? termLine(scope, field, maxLeverage(a), maxLeverage(b)) : termLine(scope, field, a[field], b[field]);
      if (!line) continue;
      if (kind === null) kindLines.set(`${scope}:${field}`, line);
      else {
        const same = kindLines.get(`${kind}:${field}`);
        if (same && same.from === line.from && same.to === line.to) continue;
      }
      lines.push(line);
    }
  };
  const kinds = Object.keys(after.kinds) as MarketKind[];
  for (const kind of kinds) compare(kind, rulesFor(before, kind, ""), rulesFor(after, kind, ""), null);
  for (const symbol of [...new Set([...Object.keys(before.pairs), ...Object.keys(after.pairs)])].sort()) {
    const kind = kindOf(symbol);
    if (kind) compare(symbol, rulesFor(before, kind, symbol), rulesFor(after, kind, symbol), kind);
  }
  return lines;
}

/** What is wrong with a configuration an operator saves, as field -> message key (empty when it is sound). */
export function configProblems(config: PositionsConfig): string[] {
  const problems: string[] = [];
  const check = (where: string, rules: Partial<Rules>) => {
    if (rules.leverages && rules.max_leverage && !rules.leverages.some((l) => l <= rules.max_leverage!)) problems.push(`${where}: no leverage within the cap`);
    for (const rate of ["fee_rate", "maintenance_rate", "swap_long_rate", "swap_short_rate"] as const) {
      if (rules[rate] !== undefined && Number(rules[rate]) >= 0.5) problems.push(`${where}: ${rate} must be below 0.5`);
    }
  };
  for (const [kind, rules] of Object.entries(config.kinds)) check(kind, rules);
  for (const [symbol, rules] of Object.entries(config.pairs)) check(symbol, rules);
  return problems;
}
