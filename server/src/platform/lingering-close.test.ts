import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  port = (server.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await server?.close();
});

/**
 * A real client on a real socket: the headers, then a 2 MB JSON body in 64 KB writes with short pauses (as a phone on
 * a slow link sends it), reading whatever comes back meanwhile; once all is sent, a second request on the same
 * connection. Returns what it read, or the socket's error.
 */
function sendBigJson(size: number): Promise<{ error?: string; answers: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answers = "";
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ error, answers });
    };
    socket.on("data", (data) => {
      answers += data.toString("latin1");
      if ((answers.match(/HTTP\/1\.1 /g) ?? []).length === 2 && answers.trimEnd().endsWith("}")) finish();
    });
    socket.on("error", (error) => finish((error as NodeJS.ErrnoException).code ?? error.message));
    socket.on("close", () => finish("closed"));
    socket.write(`POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    void (async () => {
      for (let sent = 0; sent < size && !socket.destroyed; ) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        const flushed = socket.write(piece);
        if (sent % (128 * 1024) === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        if (!flushed) await new Promise((resolve) => socket.once("drain", resolve));
      }
      if (!socket.destroyed) socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    })().catch(() => undefined);
  });
}

describe("a JSON body over the size limit", () => {
  it("is answered 413 every time, never a reset, and the connection stays usable", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { error, answers } = await sendBigJson(2 * 1024 * 1024);
      const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      outcomes.push(error ?? statuses.join(","));
    }
    // Before the fix a few of these were EPIPE/ECONNRESET with nothing read: the 413 was lost.
    expect(outcomes).toEqual(Array.from({ length: 25 }, () => "413,200"));
  }, 60_000);
});
