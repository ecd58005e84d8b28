import { compareDecimal, toFixedPoint } from "@/shared/lib/decimal";
import type { Quotation } from "./types";

/** The market screen's tabs: crypto, and forex with metals. */
export type MarketTab = "crypto" | "forex";
export type SortKey = "change" | "volume";
export interface Sort {
  key: SortKey;
  dir: "desc" | "asc";
}

export const inTab = (q: Pick<Quotation, "kind">, tab: MarketTab): boolean => (tab === "crypto" ? q.kind === "crypto" : q.kind !== "crypto");

/** Lower case, without accents or spaces: "Dólar" and "dolar", "US dollar" and "usdollar" compare equal. */
const folded = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[\s/_-]+/g, "");

/**
 * "btc", "BTC/", "btcusdt" and "xau usd" all find their pair; with `nameOf` (the assets' names in the user's
 * language, asset-names.ts) "bitcoin", "gold" and "euro" do too.
 */
export function matchesSearch(q: Pick<Quotation, "symbol" | "base" | "quote">, text: string, nameOf?: (code: string) => string | null): boolean {
  const needle = text.toUpperCase().replace(/[\s/_-]+/g, "");
  if (!needle) return true;
  if (`${q.base}${q.quote}`.toUpperCase().includes(needle) || q.symbol.toUpperCase().replace("/", "").includes(needle)) return true;
  if (!nameOf) return false;
  const typed = folded(text);
  // From the start of a word of the name: "gold" and "dollar" find theirs, "eth" does not find Tether.
  return [q.base, q.quote].some((code) => {
    const words = nameOf(code)?.split(/\s+/).map(folded) ?? [];
    return words.some((_, i) => words.slice(i).join("").startsWith(typed));
  });
}

/** Volume sorts by the quote currency's volume: 20,000 BTC and 900,000,000 DOGE compare only once priced. */
const byKey = (key: SortKey) =>
  key === "change" ? (a: Quotation, b: Quotation) => compareDecimal(a.change_24h, b.change_24h) : (a: Quotation, b: Quotation) => compareDecimal(a.quote_volume_24h, b.quote_volume_24h);

/**
 * The symbols a list shows, in order. The order is taken once (when the tab, search or sort changes, or the list
 * is reloaded) and live prices then update the rows in place: rows that jump while a finger reaches for them are
 * worse than an order a few seconds old.
 */
export function orderSymbols(
  list: Quotation[],
  { tab, search = "", sort = null, only, nameOf }: { tab?: MarketTab; search?: string; sort?: Sort | null; only?: readonly string[]; nameOf?: (code: string) => string | null },
): string[] {
  // `only` (the favourites) keeps its own order: the order the user added them in.
  const source = only ? only.flatMap((symbol) => list.filter((q) => q.symbol === symbol)) : list;
  const shown = source.filter((q) => (tab ? inTab(q, tab) : true) && matchesSearch(q, search, nameOf));
  if (sort) {
    const compare = byKey(sort.key);
    // Stable: equal values keep the server's order.
    shown.sort((a, b) => (sort.dir === "desc" ? compare(b, a) : compare(a, b)));
  }
  return shown.map((q) => q.symbol);
}

/** The next state of a sort header: off -> highest first -> lowest first -> off. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: "desc" };
  if (current.dir === "desc") return { key, dir: "asc" };
  return null;
}

/** The pairs that moved most in 24 h, either way (the biggest absolute change first). */
export function topMovers(list: Quotation[], count: number): Quotation[] {
  const abs = (q: Quotation) => {
    const v = toFixedPoint(q.change_24h) ?? 0n;
    return v < 0n ? -v : v;
  };
  return [...list].sort((a, b) => {
    const x = abs(a);
    const y = abs(b);
    return x === y ? 0 : x > y ? -1 : 1;
  }).slice(0, count);
}
