/**
 * Earn and credit at 390x844 (issue 11): subscribe to an AI arbitrage product with the income previewed before
 * submit and see the order in progress; host an amount and terminate it behind the prompt that shows the penalty and
 * what returns ("contract break successful"); apply for a loan with the five uploads, the operator approves it in the
 * back office (the amount is credited), the user repays it in full after the prompt.
 */
import { type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { operatorFor } from "../../playwright.config";
import { freshPng } from "../../server/src/testing/images";
import { test, expect, api, backOffice, fundedUser, operatorToken } from "./fixtures";

const OPERATOR = operatorFor("earn");

const operator = (request: APIRequestContext) => operatorToken(request, OPERATOR);

type Wallet = { currency: string; available: string; frozen: string };
const usdtOf = async (request: APIRequestContext, token: string) => (await api<Wallet[]>(request, "POST", "wallet/list", token)).find((w) => w.currency === "USDT")!;

/** An open hosting product made by the operator through the API (the back-office form is tested with arbitrage). */
async function newHostingProduct(request: APIRequestContext): Promise<{ id: number; name: string }> {
  return api(request, "POST", "backoffice/earn/products/save", await operator(request), {
    kind: "hosting",
    name: `Hosting ${Date.now().toString(36)}`,
    currency: "USDT",
    min: "100",
    max: "5000",
    days: 30,
    daily_rate: "0.001",
    early_exit_penalty_rate: "0.05",
    max_participants: 0,
    funded_by: "The platform's rewards account pays the return, not other users' deposits.",
    risk_note: "Spreads can vanish: the return is what the platform pays as disclosed, not a promise of the market.",
  });
}

/**
 * The operator creates an arbitrage product in the back office: an impossible rate is refused on its field, then the
 * product is saved with the texts users will read, and the earn liabilities are on the page.
 */
async function newProductInBackOffice(browser: Browser, request: APIRequestContext): Promise<{ name: string }> {
  const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await backOffice(office, await operator(request), "/earn");
  await expect(office.getByTestId("earn-liabilities")).toBeVisible();
  const name = `Cross-venue ${Date.now().toString(36)}`;
  await office.getByRole("button", { name: "New product" }).click();
  const form = office.getByRole("dialog", { name: "New product" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Maximum").fill("5000");
  await form.getByLabel("Who pays the return (shown to users)").fill("The platform's rewards account pays the return, not other users' deposits.");
  await form.getByLabel("Risk note (shown to users)").fill("Spreads can vanish: the return is what the platform pays as disclosed, not a promise of the market.");
  await form.getByLabel(/^Daily rate/).fill("1.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Parameter error")).toBeVisible();
  await form.getByLabel(/^Daily rate/).fill("0.001");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(office.getByRole("row").filter({ hasText: name })).toContainText("36.5%");
  await office.close();
  return { name };
}

/** On the product's page: type the amount, check the preview, and confirm the subscription. */
async function subscribeFromDetail(page: Page, amount: string, preview: { daily: string; term: string }): Promise<void> {
  await page.getByLabel("Amount (USDT)").fill(amount);
  await expect(page.getByTestId("preview-daily")).toHaveText(preview.daily);
  await expect(page.getByTestId("preview-term")).toHaveText(preview.term);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the subscription" });
  await expect(dialog).toContainText(preview.term);
  await dialog.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByRole("status").getByText("Subscribed: your order is in progress.")).toBeVisible();
}

test("an AI arbitrage product made in the back office: disclosed rates, the income before submit, the order in progress", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const product = await newProductInBackOffice(browser, request);
  const user = await fundedUser(page, request, await operator(request), "1000");

  await page.goto("/#/pages/arbitrage/index");
  const card = page.getByRole("article", { name: product.name });
  await expect(card.getByTestId("daily-rate")).toHaveText("0.1%");
  await expect(card.getByTestId("apr")).toHaveText("36.5%");
  await expect(card).toContainText("The platform's rewards account pays the return");
  await expect(card).toContainText("Spreads can vanish");
  // The scanner's own count of connected venues, never a typed figure.
  await expect(page.getByTestId("connected-venues")).toHaveText(/^\d+$/, { timeout: 30_000 });

  await card.getByRole("link", { name: `Subscribe to ${product.name}` }).click();
  await expect(page).toHaveURL(/#\/pages\/arbitrage\/detail/);
  await expect(page.getByTestId("available")).toHaveText("1,000.00 USDT");
  // Over the maximum: the form says so and does not submit.
  await page.getByLabel("Amount (USDT)").fill("6000");
  await expect(page.getByText("The maximum is 5,000.00 USDT.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeDisabled();
  await subscribeFromDetail(page, "500", { daily: "0.50 USDT", term: "15.00 USDT" });

  await expect(page).toHaveURL(/#\/pages\/arbitrage\/order/);
  const order = page.getByRole("article", { name: new RegExp(product.name) });
  await expect(order.getByTestId("order-status")).toHaveText("In progress");
  await order.getByRole("button", { name: "Daily income" }).click();
  await expect(order).toContainText("No income yet: the first is paid at the next 00:00 UTC.");
  await page.getByRole("tab", { name: "Ended" }).click();
  await expect(page.getByText("No ended orders.")).toBeVisible();
  expect(await usdtOf(request, user.token)).toMatchObject({ available: "500", frozen: "500" });
});

test("hosting: subscribe, then terminate behind the prompt that shows the penalty and what returns", async ({ page, request }) => {
  test.setTimeout(150_000);
  const product = await newHostingProduct(request);
  const user = await fundedUser(page, request, await operator(request), "1000");

  await page.goto("/#/pages/hosting/order");
  await page.getByRole("tab", { name: "Products" }).click();
  const card = page.getByRole("article", { name: product.name });
  await expect(card).toContainText("you get back the principal minus 5% of it");
  await card.getByRole("link", { name: `Subscribe to ${product.name}` }).click();
  await subscribeFromDetail(page, "200", { daily: "0.20 USDT", term: "6.00 USDT" });

  await expect(page).toHaveURL(/#\/pages\/hosting\/order/);
  await expect(page.getByTestId("hosted")).toHaveText("200.00");
  const order = page.getByRole("article", { name: new RegExp(product.name) });
  await expect(order.getByTestId("order-status")).toHaveText("In progress");
  await order.getByRole("button", { name: "Terminate" }).click();
  const prompt = page.getByRole("dialog", { name: "End this hosting early?" });
  await expect(prompt.getByTestId("terminate-penalty")).toHaveText("10.00 USDT");
  await expect(prompt.getByTestId("terminate-return")).toHaveText("190.00 USDT");
  await prompt.getByRole("button", { name: "Terminate" }).click();
  await expect(page.getByRole("status").getByText("Contract break successful")).toBeVisible();

  await expect(page.getByText("No orders in progress.")).toBeVisible();
  await page.getByRole("tab", { name: "Ended" }).click();
  await expect(page.getByRole("article", { name: new RegExp(product.name) }).getByTestId("order-status")).toHaveText("Ended early");
  expect(await usdtOf(request, user.token)).toMatchObject({ available: "990", frozen: "0" });
});

test("a loan: five uploads and the agreement, approved in the back office, repaid after the prompt", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const user = await fundedUser(page, request, await operator(request), "100", { kyc: true });

  await page.goto("/#/pages/loan/apply");
  await page.getByLabel("Amount (USDT)").fill("500");
  await page.getByLabel("Cycle").selectOption("7");
  // 500 x 0.1% x 7 days, due with the principal.
  await expect(page.getByTestId("loan-apr")).toHaveText("36.5%");
  await expect(page.getByTestId("loan-interest")).toHaveText("3.50 USDT");
  await expect(page.getByTestId("loan-total")).toHaveText("503.50 USDT");
  const apply = page.getByRole("button", { name: "Apply", exact: true });
  for (const field of ["house", "income", "bank", "id_front", "id_hand"]) {
    await expect(apply).toBeDisabled();
    await page.locator(`input[name="${field}"]`).setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: freshPng() });
  }
  await expect(apply).toBeDisabled();
  await page.getByRole("checkbox").check();
  await apply.click();
  const confirm = page.getByRole("dialog", { name: "Submit the loan application?" });
  await expect(confirm).toContainText("503.50 USDT");
  await confirm.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/loan\/records/);
  const loan = page.locator('[data-testid^="loan-"]').filter({ has: page.getByTestId("loan-status") });
  await expect(loan.getByTestId("loan-status")).toHaveText("Pending review");

  // The operator sees the five uploads and approves: the amount is credited through the ledger.
  const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await backOffice(office, await operator(request), "/loans");
  const row = office.getByRole("row").filter({ hasText: user.account });
  await row.getByRole("button", { name: "Photos" }).click();
  const photos = office.getByRole("dialog");
  for (const name of ["House information", "Income proof", "Bank details", "ID photo", "Hand-held ID photo"]) {
    await expect(photos.getByRole("img", { name, exact: true })).toBeVisible();
  }
  await photos.getByRole("button", { name: "Close" }).click();
  await row.getByRole("button", { name: "Approve" }).click();
  await office.getByRole("dialog", { name: "Approve this loan?" }).getByRole("button", { name: "Approve" }).click();
  await expect(office.getByRole("status").getByText(/approved: the amount is credited/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await office.close();
  expect(await usdtOf(request, user.token)).toMatchObject({ available: "600" });

  await page.reload();
  await expect(loan.getByTestId("loan-status")).toHaveText("Loan issued");
  await expect(loan.getByTestId("loan-unpaid")).toHaveText("503.50");
  await loan.getByRole("button", { name: "Repay" }).click();
  const prompt = page.getByRole("dialog", { name: "Repay this loan?" });
  await expect(prompt.getByTestId("repay-unpaid")).toHaveText("503.50 USDT");
  // More than is owed is refused in the form; empty repays the whole unpaid amount.
  await prompt.getByLabel("Amount (empty: the whole unpaid amount)").fill("600");
  await expect(prompt.getByText("More than the unpaid amount.")).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Repay" })).toBeDisabled();
  await prompt.getByLabel("Amount (empty: the whole unpaid amount)").fill("");
  await prompt.getByRole("button", { name: "Repay" }).click();
  await expect(page.getByRole("status").getByText("Repayment received.")).toBeVisible();
  await expect(loan.getByTestId("loan-status")).toHaveText("Settled");
  expect(await usdtOf(request, user.token)).toMatchObject({ available: "96.5" });
});
