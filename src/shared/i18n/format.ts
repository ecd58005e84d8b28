import { i18n } from "@lingui/core";
import type { Language } from "@contract/constants";
import { intlLocale } from "./i18n";

const locale = () => intlLocale[(i18n.locale as Language) || "en"] ?? "en-US";

const pad = (n: number) => String(n).padStart(2, "0");

/** Timestamps are seconds on the wire and shown as YYYY-MM-DD HH:mm:ss in local time (seed section 3). */
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
  const parts = new Intl.NumberFormat(locale(), { minimumFractionDigits: 1 }).formatToParts(1234567.5);
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${digits ? decimal + digits : ""}`;
}

/** Percentages from a decimal string ("1.2345" -> "+1.23%"). */
export function formatPercent(value: string | number, fractionDigits = 2, signed = true): string {
  const n = Number(value);
  const text = new Intl.NumberFormat(locale(), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(Math.abs(n));
  const sign = n > 0 && signed ? "+" : n < 0 ? "-" : "";
  return `${sign}${text}%`;
}
