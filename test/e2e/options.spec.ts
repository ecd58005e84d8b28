/**
 * Timed options at 390x844 (issue 10): an option placed from the Options tab of /pages/strategy/index, with the
 * payout, the loss and the break-even win rate shown before submit; counted down with the opening and the moving
 * price; settled by the feed (the sim ticks every second) with both ticks shown. A user whose KYC country has options
 * switched off sees the explanation instead of the ticket.
 */
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page } from "@playwright/test";
import { freshPng } from "../../server/src/testing/images";
import { operatorFor } from "../../playwright.config";
import { test, expect, api, dismissRealNameModal, loginThroughUi, operatorToken, registerByApi } from "./fixtures";

const OPERATOR = operatorFor("options");

async function signedInUser(page: Page, request: APIRequestContext, usdt: string | null) {
  const user = await registerByApi(page);
  const info = await (await request.get("/api/user/info", { headers: { authorization: user.token } })).json();
  if (usdt) {
    const operator = await operatorToken(request, OPERATOR);
    await api(request, "POST", "backoffice/users/adjust", operator, {
      user_id: info.message.id,
      currency: "USDT",
      amount: usdt,
      reason: "e2e options funds",
      idempotency_key: `e2e${Date.now()}${Math.random().toString(16).slice(2, 18)}`.padEnd(32, "0"),
    });
  }
  return { ...user, id: info.message.id as number };
}

test("an option placed, counted down and settled with both ticks shown", async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await signedInUser(page, request, "1000");
  await loginThroughUi(page, user.account, user.password);
  await dismissRealNameModal(page);

  await page.goto("/#/pages/strategy/index?tab=options&symbol=BTC/USDT");
  await dismissRealNameModal(page);
  await expect(page.getByRole("tab", { name: "Options" })).toHaveAttribute("aria-selected", "true");
  const ticket = page.getByRole("form", { name: "Option ticket" });
  await expect(ticket.getByTestId("period-30")).toBeVisible({ timeout: 60_000 });
  await expect(ticket.getByTestId("period-30")).toContainText("80%");
  await ticket.getByTestId("period-30").click();
  await ticket.getByLabel("Stake").fill("100");
  // Before submit: what a win pays, what a loss costs, the break-even win rate, and the plain sentence.
  await expect(ticket.getByTestId("preview-win")).toContainText("180");
  await expect(ticket.getByTestId("preview-loss")).toContainText("-100");
  await expect(ticket.getByTestId("preview-break-even")).toHaveText("55.56%");
  await expect(ticket.getByTestId("preview-honest")).toContainText("coin toss");
  await expect(ticket.getByRole("link", { name: "How timed options work" })).toBeVisible();
  await page.screenshot({ path: "test-results/options-ticket.png" });

  await ticket.getByRole("radio", { name: "Up" }).click();
  await ticket.getByRole("button", { name: "Buy up" }).click();
  const card = page.getByTestId("option-card");
  await expect(card).toHaveAttribute("data-status", "open");
  await expect(card.getByTestId("option-countdown")).toHaveText(/^0:[0-2]\d$/);
  await expect(card.getByTestId("option-open-price")).toContainText(/\d/);
  await expect(card.getByTestId("option-live-price")).toContainText(/\d/);
  const first = await card.getByTestId("option-countdown").textContent();
  await page.waitForTimeout(2_000);
  expect(await card.getByTestId("option-countdown").textContent()).not.toBe(first);
  await page.screenshot({ path: "test-results/options-countdown.png" });

  // The feed settles it after 30 s: the result with both ticks (price and time).
  await expect(card).toHaveAttribute("data-status", "settled", { timeout: 60_000 });
  await expect(card.getByTestId("option-result")).toHaveText(/Won|Lost|Tie/);
  // Prices are grouped ("55,787.06"), as every price in the app.
  const tick = /^[\d.,]+ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
  await expect(card.getByTestId("option-open-tick")).toHaveText(tick);
  await expect(card.getByTestId("option-close-tick")).toHaveText(tick);
  await page.screenshot({ path: "test-results/options-settled.png" });

  // The server agrees: settled on the first recorded tick at or after the expiry.
  const list = await (await request.get("/api/microtrade/lists", { headers: { authorization: user.token }, params: { status: "settled" } })).json();
  const option = list.message.list[0];
  expect(option.close_tick.at_ms).toBeGreaterThanOrEqual(option.open_tick.at_ms + 30_000);
  const payout = { win: "180", loss: "0", tie: "100" }[option.result as "win" | "loss" | "tie"];
  expect(option.payout).toBe(payout);

  // The orders page lists it with both ticks.
  await page.goto("/#/pages/order/strategy?status=settled");
  await expect(page.getByTestId("option-card").first().getByTestId("option-close-tick")).toHaveText(tick);
});

test("a country with options switched off sees the explanation instead of the ticket", async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, request, null);
  const country = "FR";
  // A verified identity in France (submitted through the API, approved by the operator).
  const photo = (name: string) => ({ name, mimeType: "image/png", buffer: freshPng() });
  const kyc = await request.post("/api/user/real_name", {
    headers: { authorization: user.token },
    multipart: { country, first_name: "Ana", last_name: "Martin", cert_type: "passport", cert_no: `P${randomBytes(5).toString("hex").toUpperCase()}`, front: photo("f.png"), back: photo("b.png"), hand: photo("h.png") },
  });
  expect((await kyc.json()).type).toBe("ok");
  const operator = await operatorToken(request, OPERATOR);
  await api(request, "POST", "backoffice/kyc/approve", operator, { user_id: user.id });
  const switches = await (await request.get("/api/backoffice/features", { headers: { authorization: operator } })).json();
  await api(request, "POST", "backoffice/features/save", operator, { ...switches.message, options: [...new Set([...switches.message.options, country])] });

  await loginThroughUi(page, user.account, user.password);
  await page.goto("/#/pages/strategy/index?tab=options");
  await expect(page.getByTestId("options-unavailable")).toContainText("Timed options are not available in your country");
  await expect(page.getByRole("form", { name: "Option ticket" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/options-switched-off.png" });
  const refused = await (
    await request.post("/api/microtrade/submit", { headers: { authorization: user.token }, data: { symbol: "BTC/USDT", direction: "up", seconds: 30, amount: "10" } })
  ).json();
  expect(refused.code).toBe("FEATURE_DISABLED");
});
