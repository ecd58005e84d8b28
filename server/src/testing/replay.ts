/**
 * Test helper (not a test file): local servers that speak a price source's protocol from recorded lines kept in the
 * repo (server/src/feeds/fixtures), so each adapter is tested over a real socket: an HTTP stream of JSON lines
 * (OANDA) or a WebSocket (the crypto venues, with the `ws` package).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { WebSocketServer, type WebSocket } from "ws";

/** A fixture's lines, without its `#` header comments and blank lines. */
export function fixtureLines(name: string): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, "../feeds/fixtures", name), "utf8");
  return text.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
}

export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface HttpReplay {
  port: number;
  url: string;
  /** Requests seen: path and Authorization header. */
  requests: Array<{ url: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

/** An HTTP server answering each request with `handle` (the response is a chunked stream it writes to). */
export async function replayHttp(handle: (response: http.ServerResponse, request: http.IncomingMessage, count: number) => void, port = 0): Promise<HttpReplay> {
  const requests: HttpReplay["requests"] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? "", authorization: request.headers.authorization });
    open.add(response);
    response.on("close", () => open.delete(response));
    handle(response, request, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface WsReplay {
  port: number;
  url: string;
  /** Frames each connection received from the client, by connection. */
  received: string[][];
  sockets: WebSocket[];
  close(): Promise<void>;
}

/** A WebSocket server calling `onConnection` for each client (its number from 1) and keeping what clients send. */
export async function replayWs(onConnection: (socket: WebSocket, count: number, url: string) => void, port = 0): Promise<WsReplay> {
  const received: string[][] = [];
  const sockets: WebSocket[] = [];
  const server = new WebSocketServer({ port, host: "127.0.0.1" });
  server.on("connection", (socket, request) => {
    const frames: string[] = [];
    received.push(frames);
    sockets.push(socket);
    socket.on("message", (data) => frames.push(data.toString()));
    onConnection(socket, received.length, request.url ?? "");
  });
  await new Promise<void>((resolve) => server.on("listening", () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `ws://127.0.0.1:${actual}`,
    received,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
