/**
 * Markets (issue 4) at 390x844, against the real server and its `sim` feed: the quotes list updates live without a
 * reload; the chart (its own lazy chunk, the chart library inside) draws candles, shows the OHLC readout under the crosshair
 * and switches intervals; when the socket drops, the page polls over HTTP and goes live again when the socket is
 * back; an operator switches a pair's trading off and on in the back office, and the feed status shows tick ages.
 */
import { type Page, type Request, type WebSocketRoute } from "@playwright/test";
import { operatorFor } from "../../playwright.config";

const E2E_OPERATOR = operatorFor("market");
import { test, expect, dismissRealNameModal, loginThroughUi, operatorToken, registerByApi } from "./fixtures";

const quotationCalls = (request: Request) => request.url().includes("/api/currency/quotation_new");
const priceOf = (page: Page, symbol: string) => page.getByTestId(`quote-${symbol}`).getByTestId("last-price");

/** A user signed in, on the market screen through the tab bar, with the socket live. */
async function openMarket(page: Page): Promise<void> {
  const { account, password } = await registerByApi(page);
  await loginThroughUi(page, account, password);
  await dismissRealNameModal(page);
  await page.getByRole("link", { name: "Transaction" }).click();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await dismissRealNameModal(page);
  await expect(priceOf(page, "BTC/USDT")).toHaveText(/\d/);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
}

test("the market list updates live, in place, and filters and sorts", async ({ page }) => {
  await openMarket(page);
  await expect(page.getByTestId("demo-badge")).toBeVisible();
  // A reload would lose this mark; a live update keeps it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  let polls = 0;
  page.on("request", (request) => quotationCalls(request) && polls++);

  const btc = priceOf(page, "BTC/USDT");
  const before = await btc.textContent();
  await expect.poll(() => btc.textContent(), { timeout: 30_000, message: "the BTC/USDT price never moved" }).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The update came over the socket: no HTTP polling while it is open.
  expect(polls).toBe(0);

  // Forex & metals tab, then search.
  await page.getByRole("tab", { name: "Forex & metals" }).click();
  await expect(page.getByTestId("quote-EUR/USD")).toBeVisible();
  await expect(page.getByTestId("quote-XAU/USD")).toBeVisible();
  await expect(page.getByTestId("quote-BTC/USDT")).toHaveCount(0);
  await page.getByLabel("Search pairs").fill("xau");
  await expect(page.getByRole("list", { name: "Quotes" }).locator("[data-testid^='quote-']")).toHaveCount(1);
  await page.getByLabel("Search pairs").fill("nothing-like-this");
  await expect(page.getByText("No pair matches your search.")).toBeVisible();
  await page.getByLabel("Search pairs").fill("");

  // Sort by 24 h change: highest first, then lowest first.
  await page.getByRole("tab", { name: "Crypto" }).click();
  const changes = async () =>
    (await page.getByRole("list", { name: "Quotes" }).locator(".change-pill").allTextContents()).map((text) => Number(text.replace(/[%+\s]/g, "").replace("−", "-")));
  await page.getByRole("button", { name: /24h change/ }).click();
  const desc = await changes();
  expect(desc.length).toBeGreaterThanOrEqual(10);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await page.getByRole("button", { name: /24h change/ }).click();
  const asc = await changes();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
});

test("the chart loads on its own, renders candles with the OHLC readout, follows the crosshair and switches intervals", async ({ page }) => {
  const chartChunks: string[] = [];
  // The chart route's chunks: the page (composed with the spot entries in app/spot) and the lazy chart.
  page.on("request", (request) => /(kline-with-trade|kline-chart)-.*\.js$/.test(request.url()) && chartChunks.push(request.url()));
  await openMarket(page);
  // The chart library ships in the chart's chunk only: the market screen never asked for it.
  expect(chartChunks).toEqual([]);

  await page.getByTestId("quote-BTC/USDT").click();
  await expect(page).toHaveURL(/symbol=BTC\/USDT.*#\/pages\/kline\/index|#\/pages\/kline\/index\?symbol=BTC\/USDT/);
  expect(chartChunks.length).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "BTC/USDT" })).toBeVisible();
  const chart = page.getByTestId("kline-chart");
  await expect(chart.locator("canvas").first()).toBeVisible();
  const close = page.getByTestId("ohlc-close");
  await expect(close).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(page.getByTestId("ohlc-open")).toHaveText(/\d/);
  await expect(page.getByTestId("ohlc-high")).toHaveText(/\d/);
  await expect(page.getByTestId("ohlc-low")).toHaveText(/\d/);
  await expect(page.getByTestId("demo-badge")).toBeVisible();

  // The crosshair: a tap on an older candle shows that candle in the readout.
  const readoutTime = page.getByTestId("ohlc").locator("span").first();
  const latestTime = await readoutTime.textContent();
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.35);
  await expect.poll(() => readoutTime.textContent()).not.toBe(latestTime);

  // Intervals: 1h loads its candles and the readout shows them, on the same chart (making another is a long task).
  await chart.locator(".tv-lightweight-charts").evaluate((element) => element.setAttribute("data-made-once", "yes"));
  const [hourly] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/currency/new_timeshar") && response.url().includes("interval=1h")),
    page.getByRole("button", { name: "1h", exact: true }).click(),
  ]);
  expect((await hourly.json()).message.length).toBeGreaterThanOrEqual(500);
  await expect(page.getByRole("button", { name: "1h", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(close).toHaveText(/\d/);
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await expect(readoutTime).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
  await expect(chart.locator('.tv-lightweight-charts[data-made-once="yes"]')).toHaveCount(1);

  // 1m: the open candle moves live from the socket.
  await page.getByRole("button", { name: "1m", exact: true }).click();
  await expect(close).toHaveText(/\d/);
  await page.mouse.move(box.x + box.width / 2, box.y - 200); // away from the chart: the readout shows the live candle
  const first = await close.textContent();
  await expect.poll(() => close.textContent(), { timeout: 30_000, message: "the open candle never moved" }).not.toBe(first);
});

test("when the socket drops the page polls over HTTP, and goes live again when it is back", async ({ page }) => {
  let refuse = false;
  const pageSides: WebSocketRoute[] = [];
  // Every /ws goes through this route: proxied to the real server, or refused while "the server is away".
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse) {
      void ws.close({ code: 1011, reason: "server away" });
      return;
    }
    ws.connectToServer();
    pageSides.push(ws);
  });
  await openMarket(page);

  // Drop it.
  refuse = true;
  await Promise.all(pageSides.map((ws) => ws.close({ code: 1006 }).catch(() => undefined)));
  const status = page.getByTestId("live-status");
  await expect(status).toHaveAttribute("data-status", "polling");
  await expect(status).toHaveText(/Reconnecting/);

  // While down, the quotes are polled over HTTP and still move.
  await page.waitForRequest(quotationCalls, { timeout: 10_000 });
  await page.waitForRequest(quotationCalls, { timeout: 10_000 });
  const btc = priceOf(page, "BTC/USDT");
  const before = await btc.textContent();
  await expect.poll(() => btc.textContent(), { timeout: 30_000, message: "no price moved while polling" }).not.toBe(before);
  await expect(status).toHaveAttribute("data-status", "polling");

  // Back: the page reconnects within 1-5 s (plus a little), subscribes again and stops polling.
  refuse = false;
  await expect(status).toHaveAttribute("data-status", "live", { timeout: 15_000 });
  await page.waitForTimeout(1_500); // the one catch-up fetch after the gap
  let polls = 0;
  page.on("request", (request) => quotationCalls(request) && polls++);
  const after = await btc.textContent();
  await expect.poll(() => btc.textContent(), { timeout: 30_000, message: "no tick after the reconnect" }).not.toBe(after);
  await page.waitForTimeout(4_000);
  expect(polls).toBe(0);
});

/** Logs the bootstrap operator in through the API. A TOTP code is single-use: on a clash, wait for the next step. */

test("an operator switches a pair's trading off and on, and reads the feed status", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(page.request, E2E_OPERATOR);
  const operator = await browser.newPage({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  await operator.addInitScript((t) => sessionStorage.setItem("backoffice-token", t), token);

  // Feed status: the source, and a fresh tick for every pair.
  await operator.goto("/backoffice.html#/feed");
  await expect(operator.getByRole("heading", { name: "Feed status" })).toBeVisible();
  await expect(operator.getByTestId("feed-source")).toHaveText("sim");
  await expect(operator.getByTestId("feed-BTC/USDT").getByTestId("tick-age")).toHaveText(/\d+(\.\d)? s/);

  // Pairs: DOT/USDT off, with a reason.
  await operator.goto("/backoffice.html#/pairs");
  const row = operator.getByTestId("pair-DOT/USDT");
  await expect(row).toContainText("On");
  await row.getByRole("button", { name: "Edit" }).click();
  const dialog = operator.getByRole("dialog");
  await dialog.getByRole("checkbox").uncheck();
  await dialog.getByLabel(/^Reason/).fill("e2e: maintenance");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Off");

  try {
    // The user sees it paused.
    await openMarket(page);
    await expect(page.getByTestId("quote-DOT/USDT")).toContainText("Paused");
  } finally {
    // And on again, whatever happened above (other tests share the server).
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("On");
    await operator.close();
  }

  // A bad edit is refused with a message and changes nothing.
  const refused = await page.request.post("/api/backoffice/market/pairs/update", { headers: { authorization: token }, data: { symbol: "DOT/USDT", price_precision: 42 } });
  expect(refused.status()).toBe(400);
});
