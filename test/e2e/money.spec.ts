/**
 * The money proof (issue 3) at 390x844: register, KYC approved by an operator, deposit with a screenshot, the
 * operator approves it in the back office, the balance shows, add an address, set a trading password, withdraw 30
 * (receive 27), the operator pays it out, and the records and the finance ledger show every step. A withdrawal of
 * 29, a second pending request, a wrong trading password, a PDF renamed to .png and the same screenshot twice are
 * each refused with their translated message and change nothing.
 */
import { type APIRequestContext } from "@playwright/test";
import { PDF_BYTES, tinyPng } from "../../server/src/testing/images";
import { operatorFor } from "../../playwright.config";

const E2E_OPERATOR = operatorFor("money");
import { test, expect, api, backOffice, dismissRealNameModal, newKey, operatorToken, passKyc, registerThroughUi } from "./fixtures";

const TRC20_RECEIVING = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const ERC20_RECEIVING = "0x000000000000000000000000000000000000dEaD";
const MY_ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const TX_HASH = `0x${"7c".repeat(32)}`;

type Wallet = { currency: string; available: string; frozen: string; balance: string };
const usdtOf = async (request: APIRequestContext, token: string) =>
  (await api<Wallet[]>(request, "POST", "wallet/list", token)).find((w) => w.currency === "USDT")!;

test("deposit, approval, withdrawal of 30 (27 arrives), payout, records and ledger; every refusal changes nothing", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const operator = await operatorToken(request, E2E_OPERATOR);
  // Receiving addresses are the operator's to set: deposits stay closed until then.
  await api(request, "POST", "backoffice/funding/config", operator, {
    config: {
      deposit: { currency: "USDT", min: "10", max: "1000000", networks: [{ network: "TRC20", address: TRC20_RECEIVING, enabled: true }, { network: "ERC20", address: ERC20_RECEIVING, enabled: true }] },
      withdraw: { currency: "USDT", min: "30", fee: "3", networks: ["TRC20", "ERC20"] },
    },
  });

  // Register, then KYC approved by the operator.
  const { account, password } = await registerThroughUi(page);
  await dismissRealNameModal(page);
  const login = await (await request.post("/api/user/login", { form: { account, password } })).json();
  const token = login.message.token as string;
  await passKyc(request, token, operator);

  // Deposit 100 USDT with a screenshot.
  const screenshot = tinyPng(Date.now() % 100_000);
  await page.goto("/#/pages/uploadpayvoucher/index");
  await page.getByRole("tab", { name: "TRC20" }).click();
  await expect(page.getByTestId("deposit-address")).toHaveText(TRC20_RECEIVING);
  await expect(page.getByRole("img", { name: "QR code of the deposit address" })).toBeVisible();
  await page.getByLabel("Amount sent").fill("100");
  await page.locator('input[name="voucher"]').setInputFiles({ name: "screenshot.png", mimeType: "image/png", buffer: screenshot });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status").getByText("Submitted, awaiting review")).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/order\/charge/);
  await expect(page.getByTestId("deposit-record").first()).toContainText("Pending review");

  // The operator approves it in the back office.
  const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await backOffice(office, operator, "/deposits");
  const depositRow = office.getByRole("row").filter({ hasText: account });
  await depositRow.getByRole("button", { name: "Voucher" }).click();
  await expect(office.getByRole("dialog").getByRole("img", { name: "Payment screenshot" })).toBeVisible();
  await office.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await depositRow.getByRole("button", { name: "Approve" }).click();
  await office.getByRole("dialog").getByRole("button", { name: "Approve and credit" }).click();
  await expect(depositRow).toHaveCount(0);
  // The user's records screen, still open, follows the decision live (the socket's funding channel).
  await expect(page.getByTestId("deposit-record").first()).toContainText("Succeeded");

  // The balance shows.
  await page.goto("/#/pages/wallet/index");
  await expect(page.getByTestId("wallet-USDT")).toContainText("100");
  await page.goto("/#/pages/index/index");
  await expect(page.getByTestId("total-assets")).toContainText("100");

  // Add an address, set a trading password.
  await page.goto("/#/pages/order/withdraw");
  await page.getByRole("tab", { name: "Address book" }).click();
  await page.getByRole("button", { name: "Add address" }).click();
  await page.getByLabel("Address", { exact: true }).fill(MY_ADDRESS);
  await page.getByLabel("Label").fill("My exchange");
  await page.getByRole("button", { name: "Save address" }).click();
  // Step-up: the address book asks again who it is; with no trading password or 2FA yet, the login password.
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await stepUp.getByLabel("Login password").fill("wrong-password");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp.getByText("Security check failed: the trading password or code is wrong")).toBeVisible();
  await stepUp.getByLabel("Login password").fill(password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").getByText("Withdrawal address added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Address book" })).toContainText(MY_ADDRESS);

  await page.goto("/#/pages/me/paypassword");
  await page.getByLabel("New trading password").fill("trade123");
  await page.getByLabel("Confirm trading password").fill("trade123");
  await page.getByRole("button", { name: "Confirm" }).click();
  await stepUp.getByLabel("Login password").fill(password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").getByText("Set successfully")).toBeVisible();

  // Withdraw 30: the form shows that 27 arrives.
  await page.goto("/#/pages/order/withdraw");
  const withdrawForm = async (amount: string, tradePassword: string) => {
    await page.getByRole("tab", { name: "Withdraw" }).click();
    await page.getByLabel("Amount").fill(amount);
    await page.getByLabel("Trading password").fill(tradePassword);
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  };
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await page.getByLabel("Amount").fill("30");
  await expect(page.getByTestId("withdraw-receive")).toHaveText("27.00 USDT");
  await withdrawForm("30", "trade123");
  await expect(page.getByRole("status").getByText("Withdrawal request submitted, awaiting approval")).toBeVisible();
  await expect(page.getByTestId("withdrawal-record")).toHaveCount(1);
  await expect(page.getByTestId("withdrawal-record").first()).toContainText("Pending review");
  expect(await usdtOf(request, token)).toMatchObject({ available: "70", frozen: "30" });

  // While it waits for review the form says why and offers no second request.
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();
  await expect(page.getByText("A withdrawal request is waiting for review.").first()).toBeVisible();
  // The server refuses the same on its own, each with its translated message, none of which moves anything.
  const [address] = await api<{ id: number }[]>(request, "POST", "wallet/get_address", token);
  const refusals: [string, string, string][] = [
    ["30", "trade123", "WITHDRAW_PENDING"],
    ["30", "wrong-pass", "TRADE_PASSWORD_WRONG"],
  ];
  for (const [amount, tradePassword, code] of refusals) {
    const res = await request.post("/api/wallet/out", { headers: { authorization: token }, data: { amount, address_id: address.id, trade_password: tradePassword, idempotency_key: newKey() } });
    expect((await res.json()).code).toBe(code);
    expect(await usdtOf(request, token)).toMatchObject({ available: "70", frozen: "30" });
  }
  await page.getByRole("tab", { name: "Records" }).click();
  await expect(page.getByTestId("withdrawal-record")).toHaveCount(1);

  // A PDF renamed to .png, and the same screenshot again (named by the user's own earlier deposit): refused, no
  // deposit recorded.
  await page.goto("/#/pages/uploadpayvoucher/index");
  // The network by name: a watched network (the chain spec's, on the same server) comes first.
  await page.getByRole("tab", { name: "TRC20" }).click();
  for (const [file, message] of [
    [{ name: "screenshot.png", mimeType: "image/png", buffer: PDF_BYTES }, "Wrong file type"],
    [{ name: "screenshot.png", mimeType: "image/png", buffer: screenshot }, /^This screenshot was already used for your deposit #\d+$/],
  ] as const) {
    await page.getByLabel("Amount sent").fill("50");
    await page.locator('input[name="voucher"]').setInputFiles(file);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("status").getByText(message)).toBeVisible();
    await expect(page).toHaveURL(/uploadpayvoucher/);
  }
  expect((await api<{ total: number }>(request, "GET", "chargelist/log", token)).total).toBe(1);
  expect(await usdtOf(request, token)).toMatchObject({ available: "70", frozen: "30" });

  // The operator pays the withdrawal out with its transaction hash.
  await office.goto("/backoffice.html#/withdrawals");
  const withdrawalRow = office.getByRole("row").filter({ hasText: account });
  await expect(withdrawalRow).toContainText("27");
  await withdrawalRow.getByRole("button", { name: "Approve" }).click();
  await office.getByLabel("Payout transaction hash").fill(TX_HASH);
  await office.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(withdrawalRow).toHaveCount(0);
  await office.close();
  expect(await usdtOf(request, token)).toMatchObject({ available: "70", frozen: "0", balance: "70" });

  // Records and the finance ledger show every step, and the ledger ends at the wallet's balance.
  await page.goto("/#/pages/order/withdraw");
  await page.getByRole("tab", { name: "Records" }).click();
  await expect(page.getByTestId("withdrawal-record").first()).toContainText("Succeeded");
  await expect(page.getByTestId("withdrawal-record").first()).toContainText(TX_HASH);
  await page.goto("/#/pages/order/charge");
  await expect(page.getByTestId("deposit-record")).toHaveCount(1);
  await expect(page.getByTestId("deposit-record").first()).toContainText("Succeeded");
  await page.goto("/#/pages/order/finance");
  const lines = page.getByTestId("ledger-line");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText("Withdrawal paid out");
  await expect(lines.nth(0)).toContainText("-30.00 USDT");
  await expect(lines.nth(0)).toContainText("Balance 70.00 USDT");
  await expect(lines.nth(1)).toContainText("Withdrawal requested (frozen)");
  await expect(lines.nth(1)).toContainText("+30.00 USDT");
  await expect(lines.nth(2)).toContainText("Deposit credited");
  await expect(lines.nth(2)).toContainText("+100.00 USDT");
  await page.goto("/#/pages/index/index");
  await expect(page.getByTestId("total-assets")).toContainText("70");
});
