/** A real ws client for the server's `/ws` in tests. */
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { TestServer } from "./harness";

/** A client that keeps every message it gets and can wait for one. */
export class SocketClient {
  readonly messages: Record<string, unknown>[] = [];
  readonly ws: WebSocket;
  private waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  closed = false;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    this.ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.ws.on("close", () => {
      this.closed = true;
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState === WebSocket.OPEN) return resolve();
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 3_000): Promise<Record<string, unknown>> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(this.messages)}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** A connected client of `url`. */
export async function openSocket(url: string, options?: WebSocket.ClientOptions): Promise<SocketClient> {
  const client = new SocketClient(url, options);
  await client.opened();
  return client;
}

/** The test server's `/ws` address, listening on a random port (once). */
export async function socketUrl(server: TestServer): Promise<string> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: "127.0.0.1" });
  return `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
}

/** A client signed in as the holder of `token` (its user channels flow after the `auth` answer). */
export async function openUserSocket(server: TestServer, token: string): Promise<SocketClient> {
  const client = await openSocket(await socketUrl(server));
  client.send({ op: "auth", token });
  await client.next((m) => m.op === "auth");
  return client;
}
