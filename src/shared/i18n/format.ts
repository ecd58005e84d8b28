import { i18n } from "@lingui/core";
import { amountDecimals, type Language } from "@contract/constants";
import { intlLocale } from "./i18n";
import { roundDecimal, signOf } from "@/shared/lib/decimal";

/** The BCP 47 locale of a language (the current one by default), for Intl. */
export const currentIntlLocale = (language: string = i18n.locale): string => intlLocale[(language as Language) || "en"] ?? "en-US";

/**
 * Numbers are formatted from tables, not Intl.NumberFormat: the first Intl object a page makes costs ~25 ms of ICU
 * setup (100 ms on a 4x slower phone) inside whichever render shows the first price. The tables are the ten
 * languages' CLDR data, and format.test.ts holds each to Intl's own output.
 */
type NumberSigns = { group: string; decimal: string };
const COMMA_DOT: NumberSigns = { group: ",", decimal: "." };
const DOT_COMMA: NumberSigns = { group: ".", decimal: "," };
const NUMBER_SIGNS: Record<Language, NumberSigns> = { zh: COMMA_DOT, en: COMMA_DOT, es: DOT_COMMA, it: DOT_COMMA, jp: COMMA_DOT, ko: COMMA_DOT, pt: DOT_COMMA, tw: COMMA_DOT, vn: DOT_COMMA, id: DOT_COMMA };

/** The locale's grouping and decimal signs ("," and "." in en, "." and "," in es). */
const numberSigns = (language: string = i18n.locale): NumberSigns => NUMBER_SIGNS[language as Language] ?? COMMA_DOT;

/** The sign between a number's whole and fraction digits in a language (the current one by default): "." in en, "," in es. */
export const decimalSign = (language: string = i18n.locale): string => numberSigns(language).decimal;

/** An integer's digits with the grouping sign every three ("1234567" -> "1,234,567"). */
const groupThousands = (integer: string, group: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);

/**
 * Compact units (CLDR "short" decimal formats): from 10^from the value is shown divided by 10^by with the unit
 * after it. Where a language has no unit of its own for a magnitude the one below carries on ("1234,57 M").
 */
type CompactUnit = [from: number, by: number, unit: string];
const NBSP = "\u00a0";
const western = (k: string, m: string, b: string, t: string, spaced = true): CompactUnit[] => {
  const gap = spaced ? NBSP : "";
  return [[3, 3, `${gap}${k}`], [6, 6, `${gap}${m}`], [9, 9, `${gap}${b}`], [12, 12, `${gap}${t}`]];
};
const COMPACT_UNITS: Record<Language, CompactUnit[]> = {
  en: western("K", "M", "B", "T", false),
  es: [[3, 3, `${NBSP}mil`], [6, 6, `${NBSP}M`], [10, 9, `${NBSP}mil${NBSP}M`], [12, 12, `${NBSP}B`]],
  it: [[3, 3, "K"], [6, 6, `${NBSP}Mln`], [9, 9, `${NBSP}Mld`], [12, 12, `${NBSP}Bln`]],
  pt: western("mil", "mi", "bi", "tri"),
  vn: western("N", "Tr", "T", "NT"),
  id: western("rb", "jt", "M", "T"),
  zh: [[4, 4, "万"], [8, 8, "亿"], [12, 12, "万亿"]],
  tw: [[4, 4, "萬"], [8, 8, "億"], [12, 12, "兆"]],
  jp: [[4, 4, "万"], [8, 8, "億"], [12, 12, "兆"], [16, 16, "京"]],
  ko: [[3, 3, "천"], [4, 4, "만"], [8, 8, "억"], [12, 12, "조"]],
};

/** A country or region by its ISO code, named in the current language by the browser ("DE" -> "Germany"). */
export function regionName(code: string, locale = currentIntlLocale()): string {
  try {
    return new Intl.DisplayNames([locale, "en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Two digits, as every date and time is shown (09:05). */
export const pad2 = (n: number) => String(n).padStart(2, "0");

/** Timestamps are seconds on the wire and shown as YYYY-MM-DD HH:mm:ss in local time. */
export function formatDateTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "-";
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** A recorded tick's own time (milliseconds on the wire) the way every time is shown: YYYY-MM-DD HH:mm:ss, local time. */
export const formatTickTime = (atMs: number): string => formatDateTime(Math.floor(atMs / 1000));

/**
 * A weekly mark of the trading session ("5 21:00": weekday 0-6 from Sunday, HH:MM in UTC) in the reader's own time
 * and language ("Friday 22:00" in Madrid): the mark's instant in the current week, shown as weekday and HH:mm.
 */
export function formatWeeklyMark(mark: string, nowMs = Date.now()): string {
  const [day, time] = mark.split(" ");
  const [h, m] = time.split(":").map(Number);
  const sunday = new Date(nowMs);
  sunday.setUTCHours(0, 0, 0, 0);
  const at = new Date(sunday.getTime() - sunday.getUTCDay() * 86_400_000 + Number(day) * 86_400_000 + h * 3_600_000 + m * 60_000);
  const weekday = new Intl.DateTimeFormat(currentIntlLocale(), { weekday: "long" }).format(at);
  return `${weekday} ${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
}

export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/**
 * Formats a decimal string for the current locale without turning it into a float: the integer part gets the
 * locale's grouping, the fraction its decimal sign, and no digit is lost or rounded away unless asked.
 */
export function formatDecimal(value: string | null | undefined, options: { minFraction?: number; maxFraction?: number } = {}): string {
  if (value === null || value === undefined || value === "") return "-";
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ""] = match;
  const { minFraction = 0, maxFraction = 18 } = options;
  let digits = fraction.slice(0, maxFraction).replace(/0+$/, "");
  if (digits.length < minFraction) digits = digits.padEnd(minFraction, "0");
  const { group, decimal } = numberSigns();
  const grouped = groupThousands(whole.replace(/^0+(?=\d)/, ""), group);
  // What is cut to zero has no sign left ("-0.00001" at two decimals is "0.00", not "-0.00").
  return `${/[1-9]/.test(grouped + digits) ? sign : ""}${grouped}${digits ? decimal + digits : ""}`;
}

/** How many decimals an amount of a currency is shown with (the contract's table: the server's notices use it too). */
export { amountDecimals };

/**
 * An amount of money, to its currency's display decimals (cut) and at least two ("965.80 USDT" beside "965.73
 * USDT", never "965.8"): the one money formatter of the app. `signed` puts "+" before a gain (P&L);
 * `showCurrency: false` leaves the code out where a column or a heading already names it ("Balance (USDT)").
 */
export function formatAmount(value: string | null | undefined, currency?: string, { signed = false, showCurrency = true } = {}): string {
  if (value === null || value === undefined || value === "") return "-";
  const places = amountDecimals(currency);
  const text = formatDecimal(value, { minFraction: Math.min(2, places), maxFraction: places });
  return `${signed && signOf(value) > 0 && /[1-9]/.test(text) ? "+" : ""}${text}${currency && showCurrency ? ` ${currency}` : ""}`;
}

/** A quantity of a coin or of lots as typed or stored (already on its step), every digit kept; "-" when there is none. */
export const formatQuantity = (value: string | null | undefined): string => (value ? formatDecimal(value) : "-");

/**
 * A percentage written as one on the wire ("1.2345" -> "+1.23%"): the 24 h change, ROE, a margin level. Rounded on the
 * digits, half away from zero, to a fixed width so a live figure does not jump; "-" when there is none.
 */
export function formatPercent(value: string | number | null | undefined, fractionDigits = 2, signed = true): string {
  const text = typeof value === "number" ? (Number.isFinite(value) ? value.toFixed(20) : "0") : (value ?? "").trim();
  const match = /^([-+]?)(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return "-";
  const rounded = roundDecimal(match[2], fractionDigits);
  const zero = /^[0.]*$/.test(match[2]);
  const sign = zero ? "" : match[1] === "-" ? "-" : signed ? "+" : "";
  return `${sign}${formatDecimal(rounded, { minFraction: fractionDigits, maxFraction: fractionDigits })}%`;
}

/**
 * A rate written as a fraction on the wire ("0.0012", "0.365") as a percentage in the reader's digits ("0.12%",
 * "36.5%"; "36,5%" in es): the point moved two places on the digits (no float), rounded half up to `decimals` at
 * most, trailing zeros dropped. The one percent formatter of rates (payout rates, APRs, fees, penalties, the
 * arbitrage spreads); `signed` puts "+" before a rate above zero where a gain and a loss sit side by side; `fixed`
 * keeps the trailing zeros, so a column of rates has one number of decimals ("+0.10%" above "+0.19%", not "+0.1%").
 */
export function formatRate(fraction: string | null | undefined, decimals = 4, { signed = false, fixed = false } = {}): string {
  const match = /^(-?)(\d+(?:\.\d+)?)$/.exec((fraction ?? "").trim());
  if (!match) return "-";
  const percent = roundDecimal(movePoint(match[2], -2), decimals);
  const zero = /^[0.]*$/.test(percent);
  const digits = formatDecimal(percent, fixed ? { minFraction: decimals, maxFraction: decimals } : {});
  return `${zero ? "" : match[1] ? "-" : signed ? "+" : ""}${digits}%`;
}

/**
 * A large number, short ("1.23M", "1,23 mil", "123.46万"): the language's compact units, up to two decimals
 * rounded half up, grouped only from five integer digits, as Intl's compact notation writes it.
 */
export function formatCompact(value: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((value ?? "").trim());
  if (!match) return "-";
  const [, sign, whole, fraction = ""] = match;
  const units = COMPACT_UNITS[i18n.locale as Language] ?? COMPACT_UNITS.en;
  const unitFor = (integer: string) => units.filter(([from]) => integer.replace(/^0+/, "").length - 1 >= from).at(-1);
  const shorten = (decimal: string) => {
    const unit = unitFor(decimal.split(".")[0]);
    return { unit, scaled: roundDecimal(movePoint(decimal, unit?.[1] ?? 0), 2) };
  };
  let { unit, scaled } = shorten(`${whole}.${fraction || "0"}`);
  // Rounding may carry into the next unit (999,999.5 is "1M", not "1000K"): choose again from the rounded value.
  const rounded = movePoint(scaled, -(unit?.[1] ?? 0));
  if (unitFor(rounded.split(".")[0]) !== unit) ({ unit, scaled } = shorten(rounded));
  const [integer, decimals = ""] = scaled.split(".");
  const { group, decimal } = numberSigns();
  const grouped = integer.length >= 5 ? groupThousands(integer, group) : integer;
  const trimmed = decimals.replace(/0+$/, "");
  const isZero = /^0*$/.test(integer + trimmed);
  return `${sign && !isZero ? "-" : ""}${grouped}${trimmed ? decimal + trimmed : ""}${unit?.[2] ?? ""}`;
}

/** A non-negative decimal string divided by 10^places (multiplied when places is negative), exactly. */
function movePoint(decimal: string, places: number): string {
  const [whole, fraction = ""] = decimal.split(".");
  let digits = whole + fraction;
  let point = whole.length - places;
  if (point > digits.length) digits = digits.padEnd(point, "0");
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  return `${digits.slice(0, point) || "0"}.${digits.slice(point) || "0"}`;
}
