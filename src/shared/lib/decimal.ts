/**
 * The client's one decimal module: exact arithmetic on decimal strings with BigInt fixed point (18 decimals), for the
 * screens' previews ("you receive", conversion results, totals) and for ordering and rounding prices. No float ever
 * touches money or a price, and no decimal library ships to phones. The server computes the real amounts; these only
 * show them before submit.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

export type Fixed = bigint;

/** A typed decimal string to fixed point; null when it is not a plain decimal or has more than 18 decimals. */
export function parseDecimal(text: string | null | undefined): Fixed | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(text.trim());
  if (!match || match[1] === "+") return null;
  const fraction = match[3] ?? "";
  if (fraction.length > SCALE) return null;
  return toFixedPoint(text);
}

/** A decimal string from the server (a price, a volume) to fixed point, extra digits cut; null when not a decimal. */
export function toFixedPoint(text: string | null | undefined): Fixed | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const value = BigInt(whole) * ONE + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, "0"));
  return sign === "-" ? -value : value;
}

/** Back to a plain decimal string, without trailing zeros. */
export function toDecimal(value: Fixed): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, "0").replace(/0+$/, "");
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

export const add = (a: Fixed, b: Fixed): Fixed => a + b;
export const sub = (a: Fixed, b: Fixed): Fixed => a - b;

/** a x b, rounded toward zero at 18 decimals. */
export const mul = (a: Fixed, b: Fixed): Fixed => (a * b) / ONE;

/** Rounds toward zero to `places` decimals (what a user receives is never rounded up). */
export function floorTo(value: Fixed, places: number): Fixed {
  const unit = 10n ** BigInt(SCALE - Math.min(Math.max(places, 0), SCALE));
  return (value / unit) * unit;
}

export const compare = (a: Fixed, b: Fixed): number => (a === b ? 0 : a > b ? 1 : -1);

/** Decimals written in a decimal string ("12.50" -> 2, "0.0012" -> 4). */
export const decimalsOf = (text: string): number => {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Sums decimal strings (wallet totals). */
export function sumDecimals(values: (string | null | undefined)[]): string {
  return toDecimal(values.reduce<Fixed>((total, v) => total + (parseDecimal(v ?? "0") ?? 0n), 0n));
}

/** Orders two decimal strings; what is not a number sorts first. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return compare(x, y);
}

/** Sign of a decimal string: -1, 0 or 1 (0 for what is not a number). */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const value = toFixedPoint(text);
  if (value === null || value === 0n) return 0;
  return value > 0n ? 1 : -1;
}

/** Rounds a decimal string half away from zero to `places` decimals, keeping exactly that many ("1.5" -> "1.50"). */
export function roundDecimal(text: string, places: number): string {
  const match = DECIMAL.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ""] = match;
  const keep = Math.max(0, Math.min(places, SCALE));
  const digits = BigInt(whole + fraction.padEnd(keep, "0").slice(0, keep));
  const roundUp = (fraction[keep] ?? "0") >= "5";
  const rounded = (digits + (roundUp ? 1n : 0n)).toString().padStart(keep + 1, "0");
  const intPart = rounded.slice(0, rounded.length - keep) || "0";
  const fracPart = keep > 0 ? rounded.slice(-keep) : "";
  const isZero = /^0*$/.test(intPart + fracPart);
  return `${sign === "-" && !isZero ? "-" : ""}${intPart}${fracPart ? `.${fracPart}` : ""}`;
}

/** a - b on decimal strings ("-" when either is not a number). */
export function subtractDecimal(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  return x === null || y === null ? "-" : toDecimal(x - y);
}
