import { Decimal } from "decimal.js";

/**
 * Decimal arithmetic for money. decimal.js defaults to 20 significant digits, which silently rounds NUMERIC(36,18)
 * values; this clone keeps 60, more than the column can hold.
 */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = Decimal;

export type MoneyValue = Decimal.Value;

/** The decimals a NUMERIC(36,18) column holds (its values stay below 10^18 in size). */
export const MONEY_SCALE = 18;

/** A money decimal of `value`. One that already is one is answered as it is: decimals never change once built. */
export const money = (value: MoneyValue): Decimal => (value instanceof Money ? value : new Money(value));

/** A decimal string for the wire: plain notation, no exponent, no trailing zeros ("100", "0.5", "-3"). */
export function toWire(value: MoneyValue): string {
  // A canonical decimal string (what NUMERIC columns read back as) only loses its trailing zeros: no Decimal is built.
  if (typeof value === "string" && value.length <= 60 && CANONICAL.test(value)) {
    const plain = value.includes(".") ? value.replace(TRAILING_ZEROS, "") : value;
    return plain === "-0" ? "0" : plain;
  }
  const d = money(value);
  return d.isZero() ? "0" : d.toFixed();
}

/**
 * `places` decimals, the rest cut off (toward zero), as decimal.js's toFixed writes them at this module's rounding; a
 * canonical decimal string is cut as text (a screen's worth of positions, each with seven prices, builds no Decimal).
 */
export function toFixedDown(value: MoneyValue, places: number): string {
  if (typeof value !== "string" || value.length > 60 || !CANONICAL.test(value)) return new Money(value).toFixed(places);
  const negative = value.startsWith("-");
  const digits = negative ? value.slice(1) : value;
  const dot = digits.indexOf(".");
  const whole = dot < 0 ? digits : digits.slice(0, dot);
  const kept = places > 0 ? `${whole}.${(dot < 0 ? "" : digits.slice(dot + 1, dot + 1 + places)).padEnd(places, "0")}` : whole;
  // A zero is written without its sign; a negative value cut to zero keeps it ("-0.00"), as decimal.js does.
  return negative && !ALL_ZERO.test(digits) ? `-${kept}` : kept;
}

const ALL_ZERO = /^[0.]*$/;

/** A plain decimal: optional minus, no leading zeros, optional fraction. */
const CANONICAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/** A fraction's trailing zeros, and its point when nothing else is left. */
const TRAILING_ZEROS = /\.?0+$/;

/** Whether a value fits NUMERIC(36,18): finite, at most 18 decimals, below 10^18 in size. */
export function fitsColumn(value: Decimal): boolean {
  // The exponent says the size without building |value|: below 10^18 is an exponent below 18 (zero's is 0).
  return value.isFinite() && value.decimalPlaces() <= MONEY_SCALE && value.e < 18;
}

/** Rounds down to `places` decimals (what a user receives is never rounded up). */
export function floorTo(value: MoneyValue, places: number): Decimal {
  return new Money(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
}
