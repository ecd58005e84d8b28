/**
 * A key per attempt of an action that must happen once (an order, a decision): the server answers a retry carrying
 * the same key with the first result, so a lost answer or a double click never acts twice. A form keeps its key until
 * the server accepts the request and then takes a new one. getRandomValues works on plain http too (randomUUID does
 * not).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
