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

/**
 * A stream's reconnects, shared by the HTTP-stream and WebSocket adapters: a drop schedules the next connection
 * after the back-off delay of its attempt, a delivering connection starts the back-off from the minimum again, and
 * `count` is what the feed page shows.
 */
export class Reconnects {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  count = 0;

  constructor(private readonly options: { reconnectMinMs?: number; reconnectMaxMs?: number; random?: () => number }) {}

  /** The connection dropped: `connect` runs again after the next delay. */
  schedule(connect: () => void): void {
    this.attempt++;
    this.count++;
    this.timer = setTimeout(connect, this.delay(this.attempt));
    this.timer.unref?.();
  }

  /** The delay before attempt `attempt`, with the adapter's bounds (1 s to 30 s unless configured). */
  delay(attempt: number): number {
    return backoffDelay(attempt, this.options.reconnectMinMs ?? 1_000, this.options.reconnectMaxMs ?? 30_000, this.options.random);
  }

  /** The connection delivers: the next drop waits the shortest delay again. */
  delivered(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
