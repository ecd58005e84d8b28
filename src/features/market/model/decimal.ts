/**
 * Prices arrive as decimal strings. Sorting and rounding them for display is done on the digits (BigInt fixed
 * point), so a price is never shown or ordered by a float's approximation of it.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** A decimal string to fixed point with 18 decimals (extra digits are cut); null when it is not a decimal. */
export function toFixedPoint(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const match = /^([-+]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const value = BigInt(whole) * ONE + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, "0"));
  return sign === "-" ? -value : value;
}

/** Orders two decimal strings; what is not a number sorts first. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return x === y ? 0 : x > y ? 1 : -1;
}

/** Sign of a decimal string: -1, 0 or 1 (0 for what is not a number). */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const value = toFixedPoint(text);
  if (value === null || value === 0n) return 0;
  return value > 0n ? 1 : -1;
}

/** Rounds a decimal string half away from zero to `places` decimals, keeping exactly that many ("1.5" -> "1.50"). */
export function roundDecimal(text: string, places: number): string {
  const match = /^([-+]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
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

/** Decimals written in a decimal string ("0.0012" -> 4). */
export const decimalsIn = (text: string): number => {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Fixed point back to a plain decimal string (no trailing zeros). */
export function fromFixedPoint(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, "0").replace(/0+$/, "");
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** a - b on decimal strings ("-" when either is not a number). */
export function subtractDecimal(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  return x === null || y === null ? "-" : fromFixedPoint(x - y);
}
