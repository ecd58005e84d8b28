/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset: a mid-range phone on slow 4G) on the built app, in
 * Debian's Chromium, plus Chrome's own installability verdict (Lighthouse 12 no longer audits installability, so it
 * comes from CDP `Page.getInstallabilityErrors`, in a persistent profile: a fresh one looks incognito).
 *
 * It starts the server on the build (`STATIC_DIR`, default `dist`; `BUILD_OUT_DIR` works too) with a throw-away
 * data folder, and audits:
 *  - the first visit (`/`, which a visitor sees as the login screen): cold, storage cleared, as Lighthouse does;
 *  - a signed-in repeat visit of home (a profile where a user signed in before and the service worker is active).
 * It writes bench/lighthouse/<page>.report.json (open it in https://googlechrome.github.io/lighthouse/viewer/) and
 * summary.md (scores, key metrics, audits not passed, installability). `--url http://host:port` audits a server already running instead.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "bench/lighthouse");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// The flags of STACK.md / playwright.config.ts: no sandbox in containers, no GPU, nothing phoning home.
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

interface PageResult {
  name: string;
  url: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  failedAccessibility: string[];
  failedBestPractices: string[];
}

async function startServer(staticDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "tw-lighthouse-"));
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data, STATIC_DIR: staticDir, ROOT_INVITE_CODE: "BENCHROOT", LOG_LEVEL: "warn", RATE_LIMIT_AUTH: "1000" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
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

/** A Chrome profile where a user signed in and the service worker took control (the repeat visit's state). */
async function signedInProfile(url: string): Promise<string> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tw-lighthouse-profile-"));
  const account = `bench_${Date.now().toString(36)}`;
  await fetch(`${url}/api/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ account, password: "secret123", re_password: "secret123", invite_code: "BENCHROOT" }),
  });
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/#/pages/login/index`);
  await page.getByLabel("Account or e-mail").fill(account);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/#\/pages\/index\/index/);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  await context.close();
  return profile;
}

async function audit(name: string, url: string, userDataDir?: string): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir: userDataDir ?? false });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableStorageReset: Boolean(userDataDir) },
      undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    fs.writeFileSync(path.join(OUT, `${name}.report.json`), result.report as string);
    const lhr = result.lhr;
    const failed = (category: string) =>
      lhr.categories[category].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
        .map((a) => `${a.id}: ${a.title}`);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "-";
    return {
      name,
      url,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)])),
      metrics: {
        "First Contentful Paint": metric("first-contentful-paint"),
        "Largest Contentful Paint": metric("largest-contentful-paint"),
        "Total Blocking Time": metric("total-blocking-time"),
        "Cumulative Layout Shift": metric("cumulative-layout-shift"),
        "Speed Index": metric("speed-index"),
      },
      failedAccessibility: failed("accessibility"),
      failedBestPractices: failed("best-practices"),
    };
  } finally {
    chrome.kill();
  }
}

async function installability(url: string): Promise<{ errors: string[]; manifest: string; icons: number }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tw-lighthouse-install-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    const { url: manifest, data } = (await cdp.send("Page.getAppManifest")) as { url: string; data?: string };
    const icons = data ? (JSON.parse(data).icons?.length ?? 0) : 0;
    return { errors: installabilityErrors.map((e) => e.errorId), manifest, icons };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const urlArg = process.argv.indexOf("--url");
  const staticDir = path.resolve(ROOT, process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? "dist");
  if (urlArg < 0 && !fs.existsSync(path.join(staticDir, "sw.js"))) throw new Error(`no build in ${staticDir}: run npm run build (or set STATIC_DIR)`);
  const server = urlArg >= 0 ? { url: process.argv[urlArg + 1].replace(/\/$/, ""), stop: async () => undefined } : await startServer(staticDir);
  fs.mkdirSync(OUT, { recursive: true });
  const profiles: string[] = [];
  try {
    const results: PageResult[] = [];
    console.log(`Lighthouse (mobile) on ${server.url}`);
    results.push(await audit("first-visit", `${server.url}/`));
    const profile = await signedInProfile(server.url);
    profiles.push(profile);
    results.push(await audit("signed-in-home", `${server.url}/#/pages/index/index`, profile));
    const install = await installability(`${server.url}/`);
    const lines = [
      "# Lighthouse (mobile preset) and installability",
      "",
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, Chromium at ${CHROME_PATH}, ${new Date().toISOString()}, build ${path.relative(ROOT, staticDir) || "."}.`,
      "Mobile preset: emulated mid-range phone, simulated slow 4G and 4x CPU slowdown. The machine is small and shared: scores move by a few points between runs.",
      "",
      "| page | performance | accessibility | best practices | SEO |",
      "|---|---|---|---|---|",
      ...results.map((r) => `| ${r.name} (\`${r.url.replace(server.url, "")}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} |`),
      "",
      ...results.flatMap((r) => [
        `## ${r.name}`,
        "",
        ...Object.entries(r.metrics).map(([k, v]) => `- ${k}: ${v}`),
        `- Accessibility audits not passed: ${r.failedAccessibility.length ? r.failedAccessibility.join("; ") : "none"}`,
        `- Best-practice audits not passed: ${r.failedBestPractices.length ? r.failedBestPractices.join("; ") : "none"}`,
        "",
      ]),
      "## Installability (Chrome, CDP `Page.getInstallabilityErrors`)",
      "",
      `- Errors: ${install.errors.length ? install.errors.join(", ") : "none"}`,
      `- Manifest: \`${install.manifest.replace(server.url, "")}\` with ${install.icons} icons`,
      "",
    ];
    fs.writeFileSync(path.join(OUT, "summary.md"), lines.join("\n"));
    console.log(lines.join("\n"));
  } finally {
    await server.stop();
    for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
