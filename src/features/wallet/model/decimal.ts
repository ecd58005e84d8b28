/**
 * Exact decimal arithmetic for the screens' previews ("you receive", conversion results, totals), on BigInt fixed
 * point with 18 decimals: no float ever touches money, and no decimal library ships to phones. The server computes
 * the real amounts; these only show them before submit.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

export type Fixed = bigint;

/** A non-negative or negative decimal string to fixed point; null when it is not a plain decimal. */
export function parseDecimal(text: string | null | undefined): Fixed | null {
  if (text === null || text === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > SCALE) return null;
  const value = BigInt(whole) * ONE + BigInt(fraction.padEnd(SCALE, "0") || "0");
  return sign ? -value : value;
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

/** Decimals of a typed amount ("12.50" -> 2). */
export const decimalsOf = (text: string): number => (text.includes(".") ? text.split(".")[1].length : 0);

/** Sums decimal strings (wallet totals). */
export function sumDecimals(values: (string | null | undefined)[]): string {
  return toDecimal(values.reduce<Fixed>((total, v) => total + (parseDecimal(v ?? "0") ?? 0n), 0n));
}
