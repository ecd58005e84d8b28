import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End to end: the built app and a real server on a random port with a fresh data dir, in Debian's Chromium at a
 * phone's size. The main process picks the port and folder once; workers inherit them through the environment.
 */
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tw-e2e-"));
export const E2E_ROOT_INVITE = "E2EROOT1";
/**
 * Operators the server creates at start (BOOTSTRAP_OPERATOR), one per spec: a TOTP code is single-use per operator
 * and 30 s step, so specs running side by side must not share one.
 */
const E2E_SPECS = ["money", "kyc", "content", "market", "pwa", "positions", "spot", "support", "options", "trust", "earn", "security", "layout", "journey", "push", "chain"] as const;
export const operatorFor = (spec: (typeof E2E_SPECS)[number]) => ({
  name: `e2e-${spec}`,
  password: "e2e-operator-pass",
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
});

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The same server by host name, for passkeys: browsers take no IP address as an RP ID, and localhost counts as a
 * secure context. The server's PUBLIC_ORIGIN names it; the specs that use passkeys open the app there.
 */
export const passkeyOrigin = `http://localhost:${port}`;

export default defineConfig({
  testDir: "test/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "node_modules/.bin/tsx server/src/main.ts",
    url: `${baseURL}/api/health`,
    // Migrations and one argon2 hash per bootstrap operator take over a minute on the shared 2-core machine.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ROOT_INVITE_CODE: E2E_ROOT_INVITE,
      BOOTSTRAP_OPERATOR: E2E_SPECS.map(operatorFor).map((o) => `${o.name}:${o.password}:${o.secret}:admin`).join(","),
      LOG_LEVEL: "warn",
      STATIC_DIR: process.env.STATIC_DIR ?? "dist",
      RATE_LIMIT_AUTH: "1000",
      // The specs add an address and withdraw to it at once; the wait itself is tested on the server.
      ADDRESS_COOLING_HOURS: "0",
      PUBLIC_ORIGIN: passkeyOrigin,
      // The chain spec's local node mines on demand: the watcher reads it often so confirmations show at once.
      CHAIN_POLL_MS: "300",
    },
  },
});
