/**
 * Every product found and finished by taps alone (issue 22). The other specs open their screens by URL, so they
 * prove a screen works, not that a user can find it: here the user starts at the home (the one `page.goto`, the
 * login's) and from then on only taps, through the home's shortcuts and desks, the tab bar, the market list, a
 * chart's Buy / Sell, the Order tab and the account menu. Setup is the operator's and the API's (funds, KYC, a
 * bank card, receiving addresses, an address book entry, a trading password, earn products, a proof snapshot).
 */
import { type APIRequestContext, type Page } from "@playwright/test";
import { operatorFor } from "../../playwright.config";
import { freshPng, tinyPng } from "../../server/src/testing/images";
import { test, expect, api, fundedUser, operatorToken } from "./fixtures";

const OPERATOR = operatorFor("journey");
const TRC20_RECEIVING = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const ERC20_RECEIVING = "0x000000000000000000000000000000000000dEaD";
const MY_ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const PASSWORD = "secret123";

/** An open earn product of a kind, made by the operator through the API. */
async function earnProduct(request: APIRequestContext, operator: string, kind: "arbitrage" | "hosting"): Promise<string> {
  const name = `Journey ${kind} ${Date.now().toString(36)}`;
  await api(request, "POST", "backoffice/earn/products/save", operator, {
    kind,
    name,
    currency: "USDT",
    min: "100",
    max: "5000",
    days: 30,
    daily_rate: "0.001",
    early_exit_penalty_rate: kind === "hosting" ? "0.05" : "0",
    max_participants: 0,
    funded_by: "The platform's rewards account pays the return, not other users' deposits.",
    risk_note: "Spreads can vanish: the return is what the platform pays as disclosed, not a promise of the market.",
  });
  return name;
}

/**
 * Forex and metals close from Friday 21:00 to Sunday 21:00 UTC. When the spec runs in that window the operator opens
 * the session for the whole week (close = open) through the back office's configuration, so the forex step is still
 * taken by taps; on weekdays nothing is changed.
 */
async function forexOpen(request: APIRequestContext, operator: string, userToken: string): Promise<void> {
  const ticket = await api<{ session_open: boolean }>(request, "POST", "lever/deal", userToken, { symbol: "EUR/USD" });
  if (ticket.session_open) return;
  const config = await api<{ session: { close: string; open: string } }>(request, "GET", "backoffice/positions/config", operator);
  await api(request, "POST", "backoffice/positions/config/save", operator, { ...config, session: { close: "6 00:00", open: "6 00:00" } });
}

/** Back through the screens until a tab root (the tab bar), then the tab: how a user returns to the home or a tab. */
async function tab(page: Page, name: "Home" | "Transaction" | "Service" | "Order" | "Account"): Promise<void> {
  const bar = page.getByRole("navigation", { name: "Main" });
  for (let i = 0; i < 8 && !(await bar.isVisible()); i++) {
    await page.getByRole("button", { name: "Back" }).first().click();
    await page.waitForTimeout(250);
  }
  await bar.getByRole("link", { name }).click();
}

const shortcut = (page: Page, name: string) => page.getByRole("navigation", { name: "Shortcuts" }).getByRole("link", { name, exact: true });
const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("status").getByText(text).last()).toBeVisible({ timeout: 20_000 });

test("from the home, by taps alone: every product found and one action finished in each", async ({ page, request }) => {
  test.setTimeout(600_000);
  const operator = await operatorToken(request, OPERATOR);
  // Receiving addresses (the same as the money spec's: the funding configuration is the server's one).
  await api(request, "POST", "backoffice/funding/config", operator, {
    config: {
      deposit: { currency: "USDT", min: "10", max: "1000000", networks: [{ network: "TRC20", address: TRC20_RECEIVING, enabled: true }, { network: "ERC20", address: ERC20_RECEIVING, enabled: true }] },
      withdraw: { currency: "USDT", min: "30", fee: "3", networks: ["TRC20", "ERC20"] },
    },
  });
  const arbitrage = await earnProduct(request, operator, "arbitrage");
  const hosting = await earnProduct(request, operator, "hosting");

  // The user: registered, KYC passed, 20,000 USDT, signed in on the home (the spec's only page.goto is the login's).
  const user = await fundedUser(page, request, operator, "20000", { kyc: true });
  await api(request, "POST", "user/cash_save", user.token, { real_name: "Ana Lopez", bank_name: "Banco Uno", card_number: "ES9121000418450200051332" });
  await api(request, "POST", "wallet/addaddress", user.token, { network: "TRC20", address: MY_ADDRESS, label: "My exchange", step_up: PASSWORD });
  await api(request, "POST", "safe/update_password", user.token, { type: "trade", password: "trade123", re_password: "trade123", step_up: PASSWORD });
  await api(request, "POST", "backoffice/proof/snapshot", operator);
  await forexOpen(request, operator, user.token);
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  // A funded user is not asked to fund the wallet.
  await expect(page.getByText("Your account is ready: choose a trading desk below.")).toBeVisible();

  // Deposit: the home's shortcut, the network, the amount and the screenshot.
  await shortcut(page, "Deposit").click();
  await page.getByRole("tab", { name: "TRC20" }).click();
  await page.getByLabel("Amount sent").fill("100");
  await page.locator('input[name="voucher"]').setInputFiles({ name: "screenshot.png", mimeType: "image/png", buffer: tinyPng(Date.now() % 100_000) });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await toast(page, "Submitted, awaiting review");

  // Withdrawal request: the home's shortcut, to the address book's address, with the trading password.
  await tab(page, "Home");
  await shortcut(page, "Withdraw").click();
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await page.getByLabel("Amount").fill("30");
  await page.getByLabel("Trading password").fill("trade123");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await toast(page, "Withdrawal request submitted, awaiting approval");

  // Convert: the home's shortcut.
  await tab(page, "Home");
  await shortcut(page, "Convert").click();
  await page.getByLabel("Amount").fill("10");
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Convert", exact: true }).click();
  await toast(page, /^Converted: /);

  // Spot buy: Transaction tab, the pair, the chart's Buy, the desk chooser's Spot.
  await tab(page, "Transaction");
  await page.getByTestId("quote-BTC/USDT").click();
  await page.getByRole("button", { name: "Buy", exact: true }).click({ timeout: 60_000 });
  await page.getByRole("dialog", { name: "Buy BTC/USDT" }).getByTestId("choose-spot").click();
  const spot = page.getByRole("form", { name: "Spot order ticket" });
  await expect(spot.getByTestId("spot-ask")).not.toHaveText("-", { timeout: 60_000 });
  await spot.getByLabel("Quantity (BTC)").fill("0.01");
  await spot.getByRole("button", { name: "Buy BTC" }).click();
  await toast(page, "Order placed");
  // After this first trade the app offers notifications once; the fixtures answer "Later" when it is in the way.

  // Contract: the same chart's Sell, the chooser's Contract, a short through the confirmation sheet.
  await tab(page, "Transaction");
  await page.getByTestId("quote-BTC/USDT").click();
  await page.getByRole("button", { name: "Sell", exact: true }).click({ timeout: 60_000 });
  await page.getByRole("dialog", { name: "Sell BTC/USDT" }).getByTestId("choose-contract").click();
  const ticket = page.getByRole("form", { name: "Order ticket" });
  await expect(ticket.getByTestId("ticket-ask")).not.toHaveText("-", { timeout: 60_000 });
  await expect(ticket.getByRole("radio", { name: "Short" })).toHaveAttribute("aria-checked", "true");
  await ticket.getByLabel("Quantity").fill("0.01");
  await ticket.getByRole("button", { name: "Open short" }).click();
  const confirm = page.getByRole("dialog", { name: "Open short BTC/USDT?" });
  await expect(confirm.getByTestId("open-confirm")).toContainText("0.01 BTC");
  await confirm.getByRole("button", { name: "Open short" }).click();
  await toast(page, "Order placed");

  // ... and closed from the Order tab's Contracts, behind its prompt.
  await tab(page, "Order");
  await page.getByTestId("orders-tab-contract").click();
  const position = page.locator("article.position").filter({ hasText: "BTC/USDT" });
  await expect(position).toHaveCount(1);
  await expect(page.getByTestId("orders-tab-contract")).toContainText("1");
  await position.getByRole("button", { name: "Close BTC/USDT position" }).click();
  await page.getByRole("dialog", { name: "Close this position?" }).getByRole("button", { name: "Close position" }).click();
  await expect(position).toHaveCount(0);
  // The spot order is on the Order tab's Spot, completed.
  await page.getByTestId("orders-tab-spot").click();
  await page.getByRole("tab", { name: "Order history" }).click();
  await expect(page.getByTestId("spot-order").first().getByTestId("spot-order-status")).toHaveText("Completed");

  // An option to its result: the home's Options desk, 30 s up; the Order tab's Options shows it settled.
  await tab(page, "Home");
  await page.getByTestId("desk-options").click();
  const option = page.getByRole("form", { name: "Option ticket" });
  await expect(option.getByTestId("period-30")).toBeVisible({ timeout: 60_000 });
  await option.getByTestId("period-30").click();
  await option.getByLabel("Stake").fill("100");
  await option.getByRole("radio", { name: "Up" }).click();
  await option.getByRole("button", { name: "Buy up" }).click();
  const card = page.getByTestId("option-card").first();
  await expect(card).toHaveAttribute("data-status", "open");
  await expect(card).toHaveAttribute("data-status", "settled", { timeout: 90_000 });
  await expect(card.getByTestId("option-result")).toHaveText(/Won|Lost|Tie/);

  // AI arbitrage: the home's shortcut, the product, the amount, the confirmation.
  await tab(page, "Home");
  await shortcut(page, "AI arbitrage").click();
  await page.getByRole("article", { name: arbitrage }).getByRole("link", { name: `Subscribe to ${arbitrage}` }).click();
  await subscribe(page, "500");

  // Hosting: its own shortcut on the home (not only through the arbitrage page).
  await tab(page, "Home");
  await shortcut(page, "Hosting").click();
  await page.getByRole("tab", { name: "Products" }).click();
  await page.getByRole("article", { name: hosting }).getByRole("link", { name: `Subscribe to ${hosting}` }).click();
  await subscribe(page, "200");

  // A loan application: the home's shortcut, five uploads, the agreement, the confirmation.
  await tab(page, "Home");
  await shortcut(page, "Loan").click();
  await page.getByLabel("Amount (USDT)").fill("500");
  for (const field of ["house", "income", "bank", "id_front", "id_hand"]) {
    await page.locator(`input[name="${field}"]`).setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: freshPng() });
  }
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await page.getByRole("dialog", { name: "Submit the loan application?" }).getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByTestId("loan-status").first()).toHaveText("Pending review");

  // The proof check: the account menu's Proof of reserves, verify my balance.
  await tab(page, "Account");
  await page.getByRole("link", { name: "Proof of reserves" }).click();
  const usdt = page.getByRole("region", { name: "USDT" });
  await usdt.getByRole("button", { name: "Verify my balance" }).click();
  await expect(usdt.getByRole("status")).toContainText(/Verified: your balance of [\d.,]+ USDT is counted in the published total/);

  // A forex position: Transaction, Forex & metals, EUR/USD, the chart's Buy opens the forex desk with a long.
  await tab(page, "Transaction");
  await page.getByRole("tab", { name: "Forex & metals" }).click();
  await page.getByTestId("quote-EUR/USD").click();
  await page.getByRole("link", { name: "Buy", exact: true }).click({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Trade EUR/USD" })).toBeVisible();
  await expect(ticket.getByTestId("ticket-ask")).not.toHaveText("-", { timeout: 60_000 });
  await expect(ticket.getByRole("radio", { name: "Long" })).toHaveAttribute("aria-checked", "true");
  await ticket.getByLabel("Quantity").fill("0.01");
  await ticket.getByRole("button", { name: "Open long" }).click();
  await page.getByRole("dialog", { name: "Open long EUR/USD?" }).getByRole("button", { name: "Open long" }).click();
  await toast(page, "Order placed");

  // The Order tab holds every kind, each with what is open.
  await tab(page, "Order");
  await page.getByTestId("orders-tab-forex").click();
  await expect(page.locator("article.position").filter({ hasText: "EUR/USD" })).toHaveCount(1);
  await expect(page.getByTestId("orders-tab-forex")).toContainText("1");
  await expect(page.getByTestId("orders-tab-earn")).toContainText("2");
  await expect(page.getByTestId("orders-tab-loans")).toContainText("1");
  await page.getByTestId("orders-tab-options").click();
  await page.getByRole("tab", { name: "Settled" }).click();
  await expect(page.getByTestId("option-card").first()).toHaveAttribute("data-status", "settled");
  await page.getByTestId("orders-tab-earn").click();
  await expect(page.getByRole("article", { name: new RegExp(arbitrage) })).toBeVisible();
  await page.getByRole("tab", { name: "Hosting" }).click();
  await expect(page.getByRole("article", { name: new RegExp(hosting) })).toBeVisible();

  // The account menu's Transaction opens the desks, Trade order the Order tab.
  await tab(page, "Account");
  await page.getByRole("button", { name: "Transaction" }).click();
  await expect(page.getByRole("dialog", { name: "Choose a trading desk" }).getByRole("link")).toHaveCount(4);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "Trade order" }).click();
  await expect(page.getByRole("tablist", { name: "Order kinds" })).toBeVisible();
});

/** An earn product's page: the amount, Subscribe, the confirmation, the order in progress. */
async function subscribe(page: Page, amount: string): Promise<void> {
  await page.getByLabel("Amount (USDT)").fill(amount);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await page.getByRole("dialog", { name: "Confirm the subscription" }).getByRole("button", { name: "Subscribe", exact: true }).click();
  await toast(page, "Subscribed: your order is in progress.");
}
