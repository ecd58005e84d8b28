/**
 * The PWA proof (issue 5), in Debian's Chromium at 390x844:
 *  - the manifest and every icon load and are valid (sizes match the PNGs, a maskable icon exists), and Chrome
 *    reports no installability errors (CDP, in a persistent context: a default context looks incognito);
 *  - the service worker registers and controls the page; a message sent while the app is open reaches the bell
 *    over the socket; offline, a reload shows the shell and the last quotes,
 *    deposit records and news with the "Offline · Updated HH:mm" indicator; a withdrawal explains that it needs a
 *    connection and sends nothing; back online the data refreshes (a news item published meanwhile appears);
 *    logout empties the user's private cache, and the service worker's caches never held private data;
 *  - with the app closed, a periodic background sync (dispatched through CDP) makes the worker fetch the unread
 *    count with the stored session and show one notification, as the user allowed on the settings screen;
 *  - on a server of its own (its folder can be changed under it): a repeat visit loads no script from the network
 *    (the scripts are even deleted from the server), and a second build with a new version shows the update
 *    prompt, which refuses to reload in the middle of a form and, once the form is left, activates the new version.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { freshPng, md5Of } from "../../server/src/testing/images";
import { operatorFor } from "../../playwright.config";

const E2E_OPERATOR = operatorFor("pwa");
import { test, expect, dismissRealNameModal, E2E_ROOT_INVITE, offlineCopyKeys, loginThroughUi, operatorToken, SERVICE_WORKER_INSTALL_MS, uniqueAccount, waitForServiceWorker } from "./fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const STATIC_DIR = path.resolve(ROOT, process.env.STATIC_DIR ?? "dist");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const MY_ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

test.describe.configure({ mode: "serial" });

// ---- helpers -----------------------------------------------------------------------------------------------------

async function api<T>(request: APIRequestContext, method: "GET" | "POST", call: string, token: string | null, data: Record<string, unknown> = {}): Promise<T> {
  const headers = token ? { authorization: token } : undefined;
  const res = method === "GET" ? await request.get(`/api/${call}`, { headers, params: data as Record<string, string> }) : await request.post(`/api/${call}`, { headers, data });
  const body = await res.json();
  expect(body.type, `${call}: ${JSON.stringify(body)}`).toBe("ok");
  return body.message as T;
}

async function publishNews(request: APIRequestContext, operator: string, title: string): Promise<number> {
  const item = await api<{ id: number }>(request, "POST", "backoffice/news/save", operator, {
    kind: "news",
    title,
    summary: `${title} summary`,
    body: `<p>${title} body text</p>`,
    publish: true,
  });
  return item.id;
}


/** Everything the service worker's caches hold (URLs), and the entries of a user's offline copy. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.url}`);
    return urls;
  });

/** The news tab of the message centre. */
async function openNews(page: Page): Promise<void> {
  await page.goto("/#/pages/news/index");
  await page.getByRole("tab", { name: "News" }).click();
}

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// ---- manifest, icons, installability -----------------------------------------------------------------------------

test("the manifest and every icon are valid, and Chrome reports no installability errors", async ({ baseURL }) => {
  test.setTimeout(60_000 + SERVICE_WORKER_INSTALL_MS);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tw-pwa-profile-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: CHROME_ARGS, viewport: { width: 390, height: 844 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseURL}/`);
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { url: manifestUrl, errors: parseErrors } = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(manifestUrl).toMatch(/manifest\.webmanifest$/);
    expect(parseErrors).toEqual([]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);

    const response = await page.request.get(manifestUrl);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining("TradeWise"),
      short_name: "TradeWise",
      description: expect.any(String),
      start_url: "./",
      scope: "./",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#0c0f14",
      background_color: "#0c0f14",
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.filter((i) => i.purpose === "maskable").map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(icons.filter((i) => i.purpose === "any").map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    for (const icon of [...icons, { src: appleIcon!, sizes: "180x180", type: "image/png" }]) {
      const res = await page.request.get(new URL(icon.src, manifestUrl).href);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()["content-type"]).toBe(icon.type);
      const { width, height } = pngSize(await res.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // iOS: full-screen launch and the status bar colour.
    await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute("content", "black-translucent");
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

// ---- offline ----------------------------------------------------------------------------------------------------

test("offline, a reload shows the last quotes, deposit records and news; actions need a connection; online again the data refreshes; logout clears the private cache", async ({ page, context, request }) => {
  test.setTimeout(120_000 + SERVICE_WORKER_INSTALL_MS);
  const operator = await operatorToken(request, E2E_OPERATOR);
  await api(request, "POST", "backoffice/funding/config", operator, {
    config: {
      deposit: { currency: "USDT", min: "10", max: "1000000", networks: [{ network: "TRC20", address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", enabled: true }, { network: "ERC20", address: "0x000000000000000000000000000000000000dEaD", enabled: true }] },
      withdraw: { currency: "USDT", min: "30", fee: "3", networks: ["TRC20", "ERC20"] },
    },
  });
  const stamp = Date.now().toString(36);
  const firstNews = `Offline reading ${stamp}`;
  const firstId = await publishNews(request, operator, firstNews);

  // A user with a pending deposit and a withdrawal address (through the API: this test is about the PWA).
  const account = uniqueAccount("pwa");
  const password = "secret123";
  const registered = await api<{ token: string }>(request, "POST", "user/register", null, { account, password, re_password: password, invite_code: E2E_ROOT_INVITE });
  const token = registered.token;
  const me = await api<{ id: number }>(request, "GET", "user/info", token);
  const voucher = freshPng();
  const deposit = await request.post("/api/wallet/charge_req", {
    headers: { authorization: token },
    multipart: { currency: "USDT", network: "TRC20", amount: "123.45", md5: md5Of(voucher), idempotency_key: `pwa-${stamp}`, voucher: { name: "v.png", mimeType: "image/png", buffer: voucher } },
  });
  expect((await deposit.json()).type).toBe("ok");
  await api(request, "POST", "wallet/addaddress", token, { currency: "USDT", network: "TRC20", address: MY_ADDRESS, label: "Mine", step_up: password });

  // Online: sign in, the worker takes control; visit the screens whose data must survive. (The real-name modal
  // comes back after each reload: "Later" closes it whenever it shows.)
  await dismissRealNameModal(page);
  await loginThroughUi(page, account, password);
  await waitForServiceWorker(page);

  // While the app is open, a new message arrives over the socket's notices channel: the bell counts it at once
  // (the minute's poll is far away).
  const bell = page.getByTestId("notice-bell");
  await expect(bell).toBeVisible();
  await page.waitForTimeout(1000);
  const unreadBefore = Number((await bell.textContent())?.match(/\d+/)?.[0] ?? 0);
  await api(request, "POST", "backoffice/messages/send", operator, { user_id: me.id, title: `Hello ${stamp}`, body: "Your deposit is being reviewed." });
  await expect(bell).toContainText(String(unreadBefore + 1), { timeout: 8_000 });
  await page.goto("/#/pages/market/index");
  // A fresh load, now that the worker controls the page (home fetched the quotes before it did).
  await page.reload();
  await expect(page.getByTestId("quote-BTC/USDT")).toBeVisible();
  await page.goto("/#/pages/order/charge");
  await expect(page.getByTestId("deposit-record").first()).toContainText("123.45");
  await openNews(page);
  await expect(page.getByTestId("news-card").filter({ hasText: firstNews })).toBeVisible();
  await page.getByTestId("news-card").filter({ hasText: firstNews }).click();
  await expect(page.getByText(`${firstNews} body text`)).toBeVisible();
  await page.goto("/#/pages/order/withdraw");
  await expect(page.getByLabel("Amount")).toBeVisible();
  // The offline copy is written within a second; the service worker cached only public answers.
  for (const key of ["wallet/list", "wallet/get_info", "wallet/get_address", "chargelist/log", "news/list", "currency/quotation_new"]) {
    await expect.poll(async () => (await offlineCopyKeys(page, me.id)).join(" "), { timeout: 10_000 }).toContain(key);
  }
  const swCache = await cachedUrls(page);
  expect(swCache.some((u) => u.includes("api/currency/quotation_new"))).toBe(true);
  expect(swCache.some((u) => u.includes("api/news/list") && u.includes("__body=1"))).toBe(true);
  expect(swCache.some((u) => u.includes(`api/news/detail?id=${firstId}`))).toBe(true);
  for (const url of swCache) expect(url).not.toMatch(/api\/(wallet|chargelist|cashlist|user|safe|lever|coin|microtrade|lh)\//);

  // A favourite pair, starred online, is in the offline copy too.
  await page.goto("/#/pages/market/index");
  await page.getByTestId("fav-ETH/USDT").click();
  await expect(page.getByTestId("fav-ETH/USDT")).toHaveAttribute("aria-pressed", "true");
  // Its answer itself (not only the key: the list before the star was saved first) is in the offline copy.
  const savedFavorites = () =>
    page.evaluate(
      (name) =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction("swr", "readonly").objectStore("swr").get("market/favorites");
            request.onsuccess = () => {
              db.close();
              resolve((request.result as { data?: unknown } | undefined)?.data ?? null);
            };
          };
        }),
      `tradewise-cache-${me.id}`,
    );
  await expect.poll(savedFavorites, { timeout: 10_000 }).toEqual({ list: ["ETH/USDT"] });

  // Offline. Meanwhile a news item is published: offline, it can't show.
  const laterNews = `Published while offline ${stamp}`;
  await publishNews(request, operator, laterNews);
  await context.setOffline(true);
  await page.goto("/#/pages/market/index");
  await page.reload();
  await expect(page.getByTestId("offline-indicator")).toBeVisible();
  await expect(page.getByTestId("offline-indicator")).toContainText(/Offline · Updated \d\d:\d\d/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("quote-BTC/USDT")).toBeVisible();
  await page.getByTestId("market-tab-favorites").click();
  await expect(page.getByTestId("quote-ETH/USDT")).toBeVisible();
  await expect(page.getByTestId("quote-BTC/USDT")).toHaveCount(0);
  await page.goto("/#/pages/order/charge");
  await expect(page.getByTestId("deposit-record").first()).toContainText("123.45");
  await expect(page.getByTestId("offline-indicator")).toBeVisible();
  await openNews(page);
  await expect(page.getByTestId("news-card").filter({ hasText: firstNews })).toBeVisible();
  await expect(page.getByTestId("news-card").filter({ hasText: laterNews })).toHaveCount(0);
  await page.getByTestId("news-card").filter({ hasText: firstNews }).click();
  await expect(page.getByText(`${firstNews} body text`)).toBeVisible();

  // A withdrawal sends nothing offline.
  await page.goto("/#/pages/order/withdraw");
  await page.getByLabel("Amount").fill("30");
  await page.getByLabel("Trading password").fill("123456");
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/api/wallet/out") && sent.push(r.url()));
  // The form holds the request back and says why (this user has not passed KYC), so offline nothing can start.
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();
  await page.getByLabel("Trading password").press("Enter");
  expect(sent).toEqual([]);

  // Online again: the indicator goes, and the data refreshes by itself (the news published meanwhile appears).
  await context.setOffline(false);
  await expect(page.getByTestId("offline-indicator")).toHaveCount(0);
  await openNews(page);
  await expect(page.getByTestId("news-card").filter({ hasText: laterNews })).toBeVisible();
  expect((await api<{ list: unknown[] }>(request, "GET", "cashlist/log", token, { page: 1, limit: 10 })).list).toEqual([]);

  // Logout empties this user's offline copy; the worker's caches still hold no private answer.
  await page.goto("/#/pages/me/index");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await expect.poll(() => offlineCopyKeys(page, me.id)).toEqual([]);
  for (const url of await cachedUrls(page)) expect(url).not.toMatch(/api\/(wallet|chargelist|cashlist|user|safe)\//);
});

// ---- notices in the background -----------------------------------------------------------------------------------

test("with the app closed, a background sync finds a new message and, as the user allowed, shows a notification", async ({ context, page, request }) => {
  test.setTimeout(60_000 + SERVICE_WORKER_INSTALL_MS);
  await context.grantPermissions(["notifications"]);
  const operator = await operatorToken(request, E2E_OPERATOR);
  const account = uniqueAccount("ntf");
  const registered = await api<{ token: string }>(request, "POST", "user/register", null, { account, password: "secret123", re_password: "secret123", invite_code: E2E_ROOT_INVITE });
  const me = await api<{ id: number }>(request, "GET", "user/info", registered.token);
  await dismissRealNameModal(page);
  await loginThroughUi(page, account, "secret123");
  await waitForServiceWorker(page);

  // The user turns system notifications on (the browser's permission is granted by the test).
  await page.goto("/#/pages/me/notification");
  const toggle = page.getByRole("switch", { name: "System notifications" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  // The app has seen the current inbox (nothing old is announced later).
  await page.goto("/#/pages/index/index");
  await expect(page.getByTestId("notice-bell")).toBeVisible();
  await page.waitForTimeout(1500);

  // The app is closed; a message arrives; the browser wakes the worker for its periodic sync.
  const origin = new URL(page.url()).origin;
  const worker = context.serviceWorkers()[0];
  const host = await context.newPage();
  await page.close();
  await api(request, "POST", "backoffice/messages/send", operator, { user_id: me.id, title: `Background ${Date.now()}`, body: "Your deposit was credited." });
  const cdp = await context.newCDPSession(host);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => r.scopeURL.startsWith(origin))?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => r.scopeURL.startsWith(origin))!.registrationId;
  await cdp.send("ServiceWorker.dispatchPeriodicSyncEvent", { origin, registrationId, tag: "tradewise-notices" });

  await expect
    .poll(() => worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => `${n.title}: ${n.body}`)), { timeout: 15_000 })
    .toEqual([expect.stringMatching(/^TradeWise: Unread messages and notices: \d+$/)]);
  // The same sync again announces nothing new.
  await worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).forEach((n) => n.close()));
  await cdp.send("ServiceWorker.dispatchPeriodicSyncEvent", { origin, registrationId, tag: "tradewise-notices" });
  await host.waitForTimeout(2000);
  expect(await worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).length)).toBe(0);
});

// ---- repeat visit and updates, on a server of its own ------------------------------------------------------------

interface OwnServer {
  baseURL: string;
  dir: string;
  stop(): Promise<void>;
}

/** Builds the "next version" beside the served build once (APP_VERSION changes the code, so the worker changes). */
function nextBuild(): string {
  const next = `${STATIC_DIR}-next`;
  const fresh = fs.existsSync(path.join(next, "sw.js")) && fs.statSync(path.join(next, "sw.js")).mtimeMs > fs.statSync(path.join(STATIC_DIR, "sw.js")).mtimeMs;
  if (!fresh) {
    const built = spawnSync("node_modules/.bin/vite", ["build", "--logLevel", "error"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_OUT_DIR: next, APP_VERSION: "1.0.1-next" },
      encoding: "utf8",
    });
    expect(built.status, `the next version's build:\n${built.stdout}\n${built.stderr}`).toBe(0);
  }
  return next;
}

async function startServer(staticDir: string): Promise<OwnServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "tw-pwa-data-"));
  const child: ChildProcess = spawn("node_modules/.bin/tsx", ["server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data, STATIC_DIR: staticDir, ROOT_INVITE_CODE: E2E_ROOT_INVITE, LOG_LEVEL: "warn", RATE_LIMIT_AUTH: "1000" },
    stdio: "ignore",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok).catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    dir: staticDir,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Replaces the served folder's contents (what a deploy does). */
function deploy(from: string, to: string): void {
  for (const entry of fs.readdirSync(to)) fs.rmSync(path.join(to, entry), { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

test("a repeat visit loads no script from the network; a new version is offered, never reloads a form, and activates on reload", async ({ browser }) => {
  test.setTimeout(210_000 + SERVICE_WORKER_INSTALL_MS);
  const next = nextBuild();
  const served = fs.mkdtempSync(path.join(os.tmpdir(), "tw-pwa-static-"));
  deploy(STATIC_DIR, served);
  const server = await startServer(served);
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await dismissRealNameModal(page);
    const account = uniqueAccount("upd");
    await page.request.post("/api/user/register", { form: { account, password: "secret123", re_password: "secret123", invite_code: E2E_ROOT_INVITE } });
    await loginThroughUi(page, account, "secret123");
    await waitForServiceWorker(page);

    // Repeat visit: every script comes from the worker, and the server doesn't even have them any more.
    for (const file of fs.readdirSync(path.join(served, "assets"))) if (file.endsWith(".js")) fs.rmSync(path.join(served, "assets", file));
    const scripts: { url: string; fromWorker: boolean }[] = [];
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push({ url: r.url(), fromWorker: r.fromServiceWorker() }));
    await page.reload();
    await page.goto("/#/pages/me/index");
    await expect(page.getByText("Version 1.0.0")).toBeVisible();
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((s) => !s.fromWorker)).toEqual([]);

    // A new version is deployed; the browser finds it on the next navigation and the prompt offers it.
    deploy(next, served);
    await page.reload();
    const prompt = page.getByTestId("update-prompt");
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText("New version available");
    // Still the old version until the user decides.
    await expect(page.getByText("Version 1.0.0")).toBeVisible();

    // In the middle of a form, "Reload" refuses and says why.
    await page.goto("/#/pages/me/password");
    await page.locator("input").first().fill("half-typed");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await expect(prompt).toContainText("Finish or leave what you are filling in first");
    await page.waitForTimeout(1500);
    await expect(page.locator("input").first()).toHaveValue("half-typed");

    // Left the form: "Reload" activates the new version.
    await page.goto("/#/pages/me/index");
    await expect(page.getByText("Version 1.0.0")).toBeVisible();
    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByText("Version 1.0.1-next")).toBeVisible();
    await expect(page.getByTestId("update-prompt")).toHaveCount(0);
  } finally {
    await context?.close();
    await server.stop();
    fs.rmSync(served, { recursive: true, force: true });
  }
});
