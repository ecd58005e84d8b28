import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

/**
 * The browser benches' server: the real server on a build (`STATIC_DIR`, default `dist`; `BUILD_OUT_DIR` works too)
 * with a throw-away data folder, a known root invitation code and registration open to many bench users.
 */
export const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_INVITE = "BENCHROOT";
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// The flags of playwright.config.ts: no sandbox in containers, no GPU, nothing phoning home.
export const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export function buildDir(): string {
  const dir = path.resolve(ROOT, process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? "dist");
  if (!fs.existsSync(path.join(dir, "sw.js"))) throw new Error(`no build in ${dir}: run npm run build (or set STATIC_DIR)`);
  return dir;
}

export async function startServer(staticDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "tw-bench-browser-"));
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data, STATIC_DIR: staticDir, ROOT_INVITE_CODE: BENCH_INVITE, LOG_LEVEL: "warn", RATE_LIMIT_AUTH: "1000" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A new user through the public API (the bench then signs in through the screen, as a user does). */
export async function registerBenchUser(url: string): Promise<{ account: string; password: string }> {
  const account = `bench_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = "secret123";
  await fetch(`${url}/api/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ account, password, re_password: password, invite_code: BENCH_INVITE }),
  });
  return { account, password };
}

/** Chromium with the Playwright config's flags, headed-or-not as Playwright decides. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });

/** A phone-sized page context (the Lighthouse mobile viewport, 2x pixels, touch, English). */
export const phoneContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US" });

/** A new bench user signed in through the login screen, as a user does; ends on the home screen. */
export async function signInNewUser(page: Page, url: string): Promise<void> {
  const { account, password } = await registerBenchUser(url);
  await page.goto(`${url}/#/pages/login/index`);
  await page.getByLabel("Account or e-mail").fill(account);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/#\/pages\/index\/index/);
}
