/**
 * A WebSocket stand-in for tests: records what the client sends and lets the test open, answer, drop or stall the
 * connection. Only the parts RealtimeSocket uses.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created, oldest first. */
  static instances: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static get last(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error("no socket was created");
    return ws;
  }

  readyState = FakeWebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(text: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error("not open");
    this.sent.push(JSON.parse(text));
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
  }

  // What the server side does:
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  /** Opens and answers (the first answer makes the client count the connection as live). */
  accept(): void {
    this.open();
    this.receive({ op: "pong" });
  }

  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data: typeof message === "string" ? message : JSON.stringify(message) }));
  }

  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new Event("close") as CloseEvent);
  }

  /** Messages sent with this op, e.g. "subscribe". */
  ops(op: string): Record<string, unknown>[] {
    return this.sent.filter((m) => m.op === op);
  }
}
