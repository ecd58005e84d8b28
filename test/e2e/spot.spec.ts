/**
 * Spot trading at 390x844 (issue 10): from the market's chart to the spot ticket, a market buy with its amount and
 * fee shown before submit, filled at once and listed with the tick it used; a limit buy that holds its funds,
 * cancelled behind the prompt, the funds back in the wallet; the spot account shows the coin bought. Then (issue 41) a
 * stop-limit buy just above the ask and a stop-limit sell just below the bid, placed from the ticket, wait with their
 * trigger shown; the simulated feed's next move either way triggers one, which fills naming its tick.
 */
import { type Page } from "@playwright/test";
import { operatorFor } from "../../playwright.config";
import { test, expect, dismissRealNameModal, fundedUser, operatorToken } from "./fixtures";

const OPERATOR = operatorFor("spot");

const numberOf = async (page: Page, testId: string) => Number((await page.getByTestId(testId).first().textContent())!.replace(/[^0-9.]/g, ""));

test("a market buy from the chart, and a limit buy cancelled behind the prompt", async ({ page, request }) => {
  test.setTimeout(300_000);
  await fundedUser(page, request, await operatorToken(request, OPERATOR), "10000");

  // The chart of a crypto pair offers Buy and Sell; Buy asks which desk, and Spot opens the spot ticket on that pair.
  await page.goto("/#/pages/kline/index?symbol=BTC/USDT");
  await dismissRealNameModal(page);
  await page.getByRole("button", { name: "Buy", exact: true }).click({ timeout: 60_000 });
  await page.getByRole("dialog", { name: "Buy BTC/USDT" }).getByTestId("choose-spot").click();
  await expect(page).toHaveURL(/symbol=BTC\/USDT.*#\/pages\/spot\/trade/);
  const ticket = page.getByRole("form", { name: "Spot order ticket" });
  await expect(ticket.getByTestId("spot-ask")).not.toHaveText("-", { timeout: 60_000 });
  expect(await numberOf(page, "spot-ask")).toBeGreaterThanOrEqual(await numberOf(page, "spot-bid"));

  // A market buy: quantity typed, the amount, fee and total shown before submit.
  await ticket.getByLabel("Quantity (BTC)").fill("0.01");
  await expect(ticket.getByTestId("preview-amount")).toContainText("USDT");
  await expect(ticket.getByTestId("preview-fee")).toContainText("USDT");
  await expect(ticket.getByTestId("preview-total")).toContainText("USDT");
  await expect(ticket.getByTestId("preview-available")).toHaveText("10,000.00 USDT");
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByText("Order placed")).toBeVisible();
  await expect(ticket.getByTestId("preview-available")).not.toHaveText("10,000.00 USDT");

  // The history lists it completed, with the tick it filled on (price and YYYY-MM-DD HH:mm:ss).
  await page.getByRole("button", { name: "Spot orders" }).click();
  await expect(page).toHaveURL(/pages\/order\/trade/);
  await page.getByRole("tab", { name: "Order history" }).click();
  const filled = page.getByTestId("spot-order").first();
  await expect(filled.getByTestId("spot-order-status")).toHaveText("Completed");
  await expect(filled.getByTestId("spot-tick")).toHaveText(/[\d,]+\.\d{2} · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // A limit buy well under the market holds amount + fee; cancelled behind the prompt, it frees them.
  // In-app navigation from here on (a reload would show the real-name reminder again).
  await page.getByRole("link", { name: "Trade spot" }).click();
  await expect(ticket.getByTestId("spot-ask")).not.toHaveText("-", { timeout: 30_000 });
  await ticket.getByRole("radio", { name: "Limit", exact: true }).click();
  const limit = Math.floor((await numberOf(page, "spot-bid")) * 0.5);
  await ticket.getByLabel("Limit price (USDT)").fill(String(limit));
  await ticket.getByRole("button", { name: "25%" }).click();
  await expect(ticket.getByLabel("Quantity (BTC)")).not.toHaveValue("");
  await expect(ticket.getByText("The amount and fee are frozen until the order fills or you cancel it.")).toBeVisible();
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  // The market buy's toast may still be up beside this one.
  await expect(page.getByText("Order placed").last()).toBeVisible();

  await page.getByRole("button", { name: "Spot orders" }).click();
  await page.getByRole("tab", { name: "Open orders" }).click();
  const open = page.getByTestId("spot-order").filter({ hasText: "In transaction" });
  await expect(open).toHaveCount(1);
  await open.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(dialog).toContainText("return to your available balance");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled")).toBeVisible();
  await expect(page.getByText("No open orders.")).toBeVisible();
  await page.getByRole("tab", { name: "Order history" }).click();
  await expect(page.getByTestId("spot-order").first().getByTestId("spot-order-status")).toHaveText("Cancelled");

  // The spot account: BTC bought, valued in USDT, with its average cost; nothing left frozen.
  await page.getByRole("link", { name: "Spot account" }).click();
  await expect(page).toHaveURL(/pages\/walletrade\/index/);
  const btc = page.getByTestId("holding").filter({ hasText: "BTC" });
  await expect(btc).toContainText("0.01");
  await expect(btc.getByTestId("holding-cost")).not.toHaveText("-");
  const usdt = page.getByTestId("holding").filter({ has: page.getByText("USDT", { exact: true }) });
  await expect(usdt.first()).toBeVisible();

  // Stop-limit orders from the ticket: 0.05 % beyond the quote each way (the feed moves about 0.01 % a second), each
  // with a limit 1 % further, so the one that triggers fills on its trigger tick.
  await page.goBack();
  await page.getByRole("link", { name: "Trade spot" }).click();
  await expect(ticket.getByTestId("spot-ask")).not.toHaveText("-", { timeout: 30_000 });
  for (const side of ["buy", "sell"] as const) {
    if (side === "sell") await ticket.getByRole("tab", { name: "Sell BTC" }).click();
    await ticket.getByRole("radio", { name: "Stop-limit" }).click();
    const stop = side === "buy" ? (await numberOf(page, "spot-ask")) * 1.0005 : (await numberOf(page, "spot-bid")) * 0.9995;
    await ticket.getByLabel("Stop price (USDT)").fill(stop.toFixed(2));
    await ticket.getByLabel("Limit price (USDT)").fill((side === "buy" ? stop * 1.01 : stop * 0.99).toFixed(2));
    await ticket.getByLabel("Quantity (BTC)").fill("0.001");
    await ticket.getByRole("button", { name: side === "buy" ? "Buy BTC" : "Sell BTC" }).click();
    await expect(page.getByText("Order placed").last()).toBeVisible();
  }
  await page.getByRole("button", { name: "Spot orders" }).click();
  await page.getByRole("tab", { name: "Open orders" }).click();
  const triggered = page.getByTestId("spot-order").filter({ has: page.getByTestId("spot-triggered-tick") });
  // Both wait with their trigger shown, until the feed crosses one (it may already have).
  await expect(page.getByTestId("spot-order").filter({ hasText: "Waiting for trigger" }).or(triggered).first()).toBeVisible();
  await page.getByRole("tab", { name: "Order history" }).click();
  await expect(async () => {
    await page.getByRole("tab", { name: "Open orders" }).click();
    await page.getByRole("tab", { name: "Order history" }).click();
    await expect(triggered.filter({ hasText: "Completed" })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 150_000 });
  await expect(triggered.first().getByTestId("spot-triggered-tick")).toHaveText(/[\d,]+\.\d{2} · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // An OCO sell from the ticket: a take-profit at the last price and a stop 0.05 % below the bid. The feed's next move
  // either way fills or triggers one leg, which cancels the other; the open list shows both legs marked as a pair.
  await page.getByRole("link", { name: "Trade spot" }).click();
  await expect(ticket.getByTestId("spot-ask")).not.toHaveText("-", { timeout: 30_000 });
  await ticket.getByRole("tab", { name: "Sell BTC" }).click();
  await ticket.getByRole("radio", { name: "OCO" }).click();
  await ticket.getByLabel("Quantity (BTC)").fill("0.001");
  const bid = await numberOf(page, "spot-bid");
  // Legs that cross are refused before submit, with the reason beside the disabled button.
  await ticket.getByLabel(/Take-profit price/).fill((bid * 0.999).toFixed(2));
  await ticket.getByLabel("Stop price (USDT)").fill((bid * 0.9995).toFixed(2));
  await expect(page.getByTestId("spot-disabled-reason")).toHaveText("In a sell OCO, the limit price must be above the stop price");
  await expect(ticket.getByRole("button", { name: "Sell BTC" })).toBeDisabled();
  await ticket.getByLabel(/Take-profit price/).fill((await numberOf(page, "spot-ask")).toFixed(2));
  await ticket.getByLabel("Stop price (USDT)").fill(((await numberOf(page, "spot-bid")) * 0.9995).toFixed(2));
  await expect(page.getByTestId("spot-disabled-reason")).toHaveCount(0);
  await ticket.getByRole("button", { name: "Sell BTC" }).click();
  await expect(page.getByText("Order placed").last()).toBeVisible();
  await page.getByRole("button", { name: "Spot orders" }).click();
  await page.getByRole("tab", { name: "Order history" }).click();
  const legs = page.getByTestId("spot-order").filter({ has: page.getByTestId("spot-oco-badge") });
  await expect(async () => {
    await page.getByRole("tab", { name: "Open orders" }).click();
    await page.getByRole("tab", { name: "Order history" }).click();
    // One leg done (filled, or a triggered stop), the other cancelled with it.
    await expect(legs.filter({ hasText: "Cancelled" })).toHaveCount(1, { timeout: 2_000 });
    await expect(legs.filter({ hasText: "Completed" })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 150_000 });
});
