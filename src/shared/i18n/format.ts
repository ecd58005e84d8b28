import { i18n } from "@lingui/core";
import type { Language } from "@contract/constants";
import { intlLocale } from "./i18n";

/** The BCP 47 locale of a language (the current one by default), for Intl. */
export const currentIntlLocale = (language: string = i18n.locale): string => intlLocale[(language as Language) || "en"] ?? "en-US";

/**
 * Building an Intl.NumberFormat costs far more than using one, and a live quotes list formats every figure on
 * every tick: one formatter per locale and options, made once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = currentIntlLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A country or region by its ISO code, named in the current language by the browser ("DE" -> "Germany"). */
export function regionName(code: string, locale = currentIntlLocale()): string {
  try {
    return new Intl.DisplayNames([locale, "en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The locale's grouping and decimal signs ("," and "." in en, "." and "," in es). */
const separators = new Map<string, { group: string; decimal: string }>();
function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1234567.5);
    found = { group: parts.find((p) => p.type === "group")?.value ?? ",", decimal: parts.find((p) => p.type === "decimal")?.value ?? "." };
    separators.set(locale, found);
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Timestamps are seconds on the wire and shown as YYYY-MM-DD HH:mm:ss in local time. */
export function formatDateTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "-";
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
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
  const { group, decimal } = separatorsOf(currentIntlLocale());
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${digits ? decimal + digits : ""}`;
}

/** An amount of money as shown beside its currency ("1,520.25 USDT"), to 8 decimals at most; "-" when there is none. */
export function formatAmount(value: string | null | undefined, currency?: string): string {
  if (value === null || value === undefined || value === "") return "-";
  return `${formatDecimal(value, { maxFraction: 8 })}${currency ? ` ${currency}` : ""}`;
}

/** Percentages from a decimal string ("1.2345" -> "+1.23%"). */
export function formatPercent(value: string | number, fractionDigits = 2, signed = true): string {
  const n = Number(value);
  const text = numberFormat({ minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(Math.abs(n));
  const sign = n > 0 && signed ? "+" : n < 0 ? "-" : "";
  return `${sign}${text}%`;
}
