/** What the stream adapters log through (pino's shape); a token or a URL with credentials is never passed in. */
export interface FeedLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * The delay before reconnect attempt `attempt` (1, 2, ...): doubling from `minMs`, capped at `maxMs`, with jitter
 * (between half and all of it), so that many clients dropped at once do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (random() * base) / 2);
}
