import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Decimal } from "decimal.js";
import { totpCode } from "../../server/src/platform/totp";
import { fixtureLines, replayWs, type WsReplay } from "../../server/src/testing/replay";
import { backOffice, dismissRealNameModal, E2E_ROOT_INVITE, expect, loginThroughUi, registerByApi, test } from "./fixtures";

/**
 * Real venues on the phone and in the back office: a server of this spec's own (the shared one runs the simulator)
 * with MARKET_VENUES=okx,bybit reads two local WebSocket servers that replay the recorded OKX v5 and Bybit v5 frames
 * (server/src/feeds/fixtures) in rounds, each round's times moved to now and its prices a little higher, so the
 * venues keep trading. The contract ticket's book and recent trades move with them; the feed page lists both venues
 * connected, and switching Bybit off keeps BTC/USDT quoting from OKX alone. SHOTS_DIR=<folder> saves screenshots.
 */

test.describe.configure({ mode: "serial" });
const PORT = 41_420;
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE });

const OPERATOR = { name: "e2e-venues", password: "e2e-operator-pass", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" };
/** The recorded frames' clock: the replay moves it to now. */
const T0 = 1767600000000;
const TIME_KEYS = new Set(["ts", "T", "cts"]);
const PRICE_KEYS = new Set(["px", "p", "last", "askPx", "bidPx", "lastPrice", "bid1Price", "ask1Price"]);
const LEVEL_KEYS = new Set(["asks", "bids", "a", "b"]);

/** A recorded frame with its times shifted by `offsetMs` and its prices raised by `delta` (other lines as they are). */
function shifted(line: string, offsetMs: number, delta: number): string {
  let frame: unknown;
  try {
    frame = JSON.parse(line);
  } catch {
    return line;
  }
  const price = (value: string) => new Decimal(value).plus(delta).toFixed(value.split(".")[1]?.length ?? 0);
  const walk = (value: unknown, key = ""): unknown => {
    if (Array.isArray(value)) return LEVEL_KEYS.has(key) ? value.map((level: unknown) => (Array.isArray(level) && typeof level[0] === "string" ? [price(level[0]), ...level.slice(1)] : level)) : value.map((v) => walk(v));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (TIME_KEYS.has(key) && typeof value === "number" && value > T0 - 86_400_000) return value + offsetMs;
    if (TIME_KEYS.has(key) && typeof value === "string" && /^\d{13}$/.test(value)) return String(Number(value) + offsetMs);
    if (PRICE_KEYS.has(key) && typeof value === "string" && /^\d+(\.\d+)?$/.test(value)) return price(value);
    return value;
  };
  return JSON.stringify(walk(frame));
}

let server: ChildProcess | null = null;
let venues: WsReplay[] = [];
let rounds: ReturnType<typeof setInterval> | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-e2e-venues-"));

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const okx = await replayWs(() => {});
  const bybit = await replayWs(() => {});
  venues = [okx, bybit];
  const recorded: Array<[WsReplay, string[]]> = [
    [okx, fixtureLines("okx-public-stream.jsonl")],
    [bybit, fixtureLines("bybit-spot-stream.jsonl")],
  ];
  let round = 0;
  // A round a second to every venue's latest connection: its frames as they were recorded, at today's time.
  rounds = setInterval(() => {
    round++;
    const offsetMs = Date.now() - T0 - 600;
    for (const [venue, lines] of recorded) {
      const socket = venue.sockets.at(-1);
      if (socket?.readyState === 1) for (const line of lines) socket.send(shifted(line, offsetMs, (round % 20) * 0.5));
    }
  }, 1_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STATIC_DIR: "dist",
    LOG_LEVEL: "warn",
    ROOT_INVITE_CODE: E2E_ROOT_INVITE,
    RATE_LIMIT_AUTH: "1000",
    BOOTSTRAP_OPERATOR: `${OPERATOR.name}:${OPERATOR.password}:${OPERATOR.secret}:admin`,
    MARKET_VENUES: "okx,bybit",
    OKX_STREAM_URL: okx.url,
    BYBIT_STREAM_URL: bybit.url,
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { env, stdio: "ignore" });
  for (let i = 0; !(await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 480 || server.exitCode !== null) throw new Error("the venues server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  clearInterval(rounds);
  if (server && server.exitCode === null) await new Promise<void>((resolve) => server!.once("exit", () => resolve()).kill("SIGTERM"));
  await Promise.all(venues.map((v) => v.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const btc = async () => {
  const list = (await (await fetch(`${BASE}/api/currency/quotation_new`)).json()).message as Array<{ symbol: string; trading: boolean; paused: boolean; source: string; tick_age_ms: number }>;
  return list.find((q) => q.symbol === "BTC/USDT")!;
};
const recentVenues = async () => ((await (await fetch(`${BASE}/api/currency/trades?symbol=BTC/USDT&limit=5`)).json()).message.list as Array<{ venue: string }>).map((t) => t.venue);

async function operatorSession(): Promise<string> {
  const answer = await (await fetch(`${BASE}/api/backoffice/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: OPERATOR.name, password: OPERATOR.password, totp: await totpCode(OPERATOR.secret, new Date()) }) })).json();
  expect(answer.type, JSON.stringify(answer)).toBe("ok");
  return answer.message.token as string;
}

/** The language the app and the back office start in (kept in IndexedDB under "lang", as the app stores it). */
async function useLanguage(page: Page, lang: string) {
  await page.evaluate(async (l) => {
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open("keyval-store");
      req.onupgradeneeded = () => req.result.createObjectStore("keyval");
      req.onsuccess = () => {
        const tx = req.result.transaction("keyval", "readwrite");
        tx.objectStore("keyval").put(l, "lang");
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    });
  }, lang);
  await page.reload();
}

const shots = process.env.SHOTS_DIR;

test("the contract ticket shows the venues' book and recent trades, and both move", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, password } = await registerByApi(page);
  await loginThroughUi(page, account, password);
  await page.goto("/#/pages/strategy/index?symbol=BTC/USDT");
  await dismissRealNameModal(page);
  const book = page.getByTestId("order-book");
  await expect(book.getByTestId("book-venue")).toHaveText(/^(OKX|Bybit)$/);
  const bids = book.getByTestId("book-bids");
  const firstTrade = page.getByTestId("recent-trade").first();
  await expect(firstTrade).toBeVisible();
  const [bidsBefore, tradeBefore] = [await bids.textContent(), await firstTrade.textContent()];
  // A round later the venues printed new trades at new prices, and their books moved.
  await expect.poll(() => firstTrade.textContent(), { timeout: 15_000 }).not.toBe(tradeBefore);
  await expect.poll(() => bids.textContent(), { timeout: 15_000 }).not.toBe(bidsBefore);
  expect(await btc()).toMatchObject({ source: "okx", trading: true, paused: false });

  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    for (const [lang, word] of [
      ["en", "gold"],
      ["es", "oro"],
      ["zh", "黄金"],
    ]) {
      await useLanguage(page, lang);
      await page.goto("/#/pages/market/index");
      // The real-name reminder, in the language shown: its first button is "Later".
      const reminder = page.getByRole("dialog");
      await reminder.waitFor({ timeout: 3_000 }).then(() => reminder.getByRole("button").first().click(), () => undefined);
      await page.getByTestId("market-tab-forex").click();
      await page.getByRole("searchbox").fill(word);
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(shots, `market-search.${lang}.png`) });
    }
  }
});

test("the feed page lists both venues connected; Bybit switched off, BTC/USDT quotes from OKX alone", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await operatorSession();
  await backOffice(page, token, "/feed");
  const okxRow = page.getByTestId("venue-okx");
  const bybitRow = page.getByTestId("venue-bybit");
  await expect(okxRow.getByTestId("venue-connected")).toHaveText("Connected");
  await expect(bybitRow.getByTestId("venue-connected")).toHaveText("Connected");
  await expect(okxRow.getByTestId("venue-reconnects")).toHaveText("0");
  // Each round is a few dozen frames a second; the page refreshes every 2 s.
  await expect.poll(async () => Number((await okxRow.getByTestId("venue-rate").textContent())?.replace(/,/g, "")), { timeout: 15_000 }).toBeGreaterThan(5);
  await expect(okxRow.getByTestId("venue-age")).toHaveText(/^\d\.\d s$/);
  if (shots) await page.screenshot({ path: path.join(shots, "backoffice-feed.en.png"), fullPage: true });

  await bybitRow.getByTestId("venue-switch").click();
  const dialog = page.getByRole("dialog", { name: "Switch Bybit off" });
  await dialog.getByLabel("Reason (audit log)").fill("e2e: one venue left");
  await dialog.getByTestId("venue-switch-confirm").click();
  await expect(bybitRow.getByTestId("venue-off")).toHaveText("Switched off");
  // Its socket stays open; its prices count for nothing.
  await expect(bybitRow.getByTestId("venue-connected")).toHaveText("Connected");
  await expect(okxRow.getByTestId("venue-off")).toHaveText("On");

  // Past the crypto maximum tick age (5 s), the pair still trades: on OKX's prices alone.
  await page.waitForTimeout(6_000);
  expect(await btc()).toMatchObject({ trading: true, paused: false });
  expect((await btc()).tick_age_ms).toBeLessThan(5_000);
  expect(new Set(await recentVenues())).toEqual(new Set(["okx"]));

  if (shots) {
    for (const lang of ["es", "zh"]) {
      await useLanguage(page, lang);
      await expect(page.getByTestId("venue-okx")).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(shots, `backoffice-feed.${lang}.png`), fullPage: true });
    }
    await useLanguage(page, "en");
  }
  // On again: both venues price the pair.
  await page.getByTestId("venue-bybit").getByTestId("venue-switch").click();
  await page.getByRole("dialog", { name: "Switch Bybit on" }).getByTestId("venue-switch-confirm").click();
  await expect(page.getByTestId("venue-bybit").getByTestId("venue-off")).toHaveText("On");
  await expect.poll(async () => (await recentVenues()).includes("bybit"), { timeout: 15_000 }).toBe(true);
});
