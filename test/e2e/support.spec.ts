import { randomBytes } from "node:crypto";
import { operatorFor } from "../../playwright.config";
import { test, expect, dismissRealNameModal, operatorToken, registerThroughUi } from "./fixtures";

const E2E_OPERATOR = operatorFor("support");

/**
 * Customer-service chat at 390x844: the user writes from the Service tab, the operator answers from the back
 * office's desk, the answer arrives live (badge on the tab while elsewhere), read marks follow; offline, the
 * history stays and sending is off.
 */
test("a chat round trip with the back office", async ({ page, browser, context }) => {
  const { account } = await registerThroughUi(page);
  await dismissRealNameModal(page);
  await page.getByRole("link", { name: "Service" }).click();
  await expect(page).toHaveURL(/#\/pages\/service\/index/);
  await dismissRealNameModal(page);
  const question = `Where is my deposit? <b>${randomBytes(3).toString("hex")}</b>`;
  await page.getByLabel("Message").fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  // Plain text: the markup shows as typed, nothing is rendered as HTML.
  await expect(page.getByTestId("chat-message").filter({ hasText: question })).toBeVisible();
  await expect(page.getByTestId("chat-message").locator("b")).toHaveCount(0);
  await expect(page.getByLabel("Message")).toHaveValue("");

  // The operator finds the conversation, with the account beside it, and answers.
  const token = await operatorToken(page.request, E2E_OPERATOR);
  const operator = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false })).newPage();
  await operator.addInitScript((t) => sessionStorage.setItem("backoffice-token", t), token);
  await operator.goto("/backoffice.html#/support-chat");
  const chat = operator.getByTestId("desk-chat").filter({ hasText: account });
  await expect(chat).toBeVisible();
  await chat.click();
  await expect(operator.getByTestId("desk-message").filter({ hasText: question })).toBeVisible();
  await expect(operator.getByRole("complementary", { name: "Account" })).toContainText(account);
  const answer = `Your deposit is under review ${randomBytes(3).toString("hex")}`;
  await operator.getByLabel("Reply").fill(answer);
  await operator.getByRole("button", { name: "Send reply" }).click();

  // Live on the user's screen; the user's message shows as read.
  await expect(page.getByTestId("chat-message").filter({ hasText: answer })).toBeVisible();
  await expect(page.getByTestId("chat-message").filter({ hasText: question }).getByLabel("Read")).toBeVisible();
  // The operator sees that the user read the answer.
  await expect(operator.getByTestId("desk-message").filter({ hasText: answer })).toContainText("Read by the user");

  // Elsewhere in the app, a new answer puts a badge on the Service tab.
  await page.getByRole("link", { name: "Account" }).click();
  await dismissRealNameModal(page);
  const second = `Anything else? ${randomBytes(3).toString("hex")}`;
  await operator.getByLabel("Reply").fill(second);
  await operator.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("service-badge")).toHaveText("1");
  await page.getByRole("link", { name: /Service/ }).click();
  await expect(page.getByTestId("chat-message").filter({ hasText: second })).toBeVisible();
  await expect(page.getByTestId("service-badge")).toHaveCount(0);

  // Offline: the history is still there, sending is off and the screen says why.
  await context.setOffline(true);
  await expect(page.getByText(/You are offline: the conversation above is the last copy saved on this device/)).toBeVisible();
  await expect(page.getByTestId("chat-message").filter({ hasText: answer })).toBeVisible();
  await expect(page.getByLabel("Message")).toBeDisabled();
  await context.setOffline(false);
});
