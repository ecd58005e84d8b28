import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";

/**
 * The built PWA as the server sends it (app.ts serveClient): the entry page and the service worker are never cached
 * by the browser's HTTP cache (an update must reach the phone), hashed assets are immutable for a year, the build's
 * brotli copies are sent to browsers that accept them, and the CSP lets the page load its worker and manifest.
 */
let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-static-"));
  const html = "<!doctype html><html><head><link rel=manifest href=./manifest.webmanifest></head><body>app</body></html>";
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), html);
  fs.writeFileSync(path.join(dir, "index.html.br"), brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "TradeWise" }));
  fs.writeFileSync(path.join(dir, "assets/index-abc123.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "assets/index-abc123.js.br"), brotliCompressSync("console.log(1)"));
  server = await createTestServer({ STATIC_DIR: dir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("serving the built app", () => {
  it("never lets the HTTP cache keep the entry page or the service worker", async () => {
    for (const url of ["/", "/index.html", "/sw.js", "/manifest.webmanifest"]) {
      const res = await server.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    expect((await server.app.inject({ url: "/sw.js" })).headers["content-type"]).toContain("javascript");
    expect((await server.app.inject({ url: "/manifest.webmanifest" })).headers["content-type"]).toContain("application/manifest+json");
  });

  it("keeps hashed assets for a year", async () => {
    const res = await server.app.inject({ url: "/assets/index-abc123.js" });
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's brotli copy to a browser that accepts it, the plain file otherwise", async () => {
    const br = await server.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    const plain = await server.app.inject({ url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
    const page = await server.app.inject({ url: "/", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("allows the page's own service worker and manifest in its content security policy", async () => {
    const csp = String((await server.app.inject({ url: "/" })).headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
});
