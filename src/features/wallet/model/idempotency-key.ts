/**
 * A client-generated key for one money-moving attempt (retries are safe). A form keeps its key until
 * the server accepts the request, so a retry after a lost answer returns the first result instead of moving money
 * twice; after a success the form takes a new key. getRandomValues works on plain http too (randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
