import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export const sha256Hex = (value: string | Buffer): string => createHash("sha256").update(value).digest("hex");

export const hmacHex = (secret: string, value: string): string => createHmac("sha256", secret).update(value).digest("hex");

/** An unguessable token for the wire (256 bits, URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** A six-digit code from a CSPRNG. */
export const randomDigits = (length = 6): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join("");

/** Upper-case letters and digits without look-alikes (0/O, 1/I), for codes people type. */
const READABLE = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const readableCode = (length = 8): string =>
  Array.from({ length }, () => READABLE[randomInt(0, READABLE.length)]).join("");

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
