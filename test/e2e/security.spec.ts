import { type Page } from "@playwright/test";
import { operatorFor, passkeyOrigin } from "../../playwright.config";
import { test, expect, api, dismissRealNameModal, loginThroughUi, operatorToken, registerByApi, registerThroughUi, uniqueAccount } from "./fixtures";

const E2E_OPERATOR = operatorFor("security");

interface OutboxMessage {
  subject: string;
  body: string;
}

/** What the platform sent to an address, newest first (the back office's outbox, admin). */
async function outboxOf(page: Page, operator: string, email: string): Promise<OutboxMessage[]> {
  return (await api<{ list: OutboxMessage[] }>(page.request, "GET", "backoffice/outbox", operator, { recipient: email, limit: "10" })).list;
}

async function openSecurityCentre(page: Page, item: string): Promise<void> {
  await page.goto("/#/pages/me/safecenter");
  await dismissRealNameModal(page);
  await page.getByRole("link", { name: item }).click();
}

/**
 * The security centre at 390x844: the anti-phishing code set in the app heads the next e-mail in the outbox; a
 * session ended from the sessions list is logged out on its own device.
 */
test("an anti-phishing code set in the app heads the e-mails the platform sends", async ({ page }) => {
  const user = await registerByApi(page, uniqueAccount("sec"));
  const operator = await operatorToken(page.request, E2E_OPERATOR);
  const email = `${user.account.toLowerCase()}@example.com`;
  await api(page.request, "POST", "sms_mail", user.token, { email, type: "bind" });
  const bindCode = /\d{6}/.exec((await outboxOf(page, operator, email))[0].body)![0];
  await api(page.request, "POST", "safe/email", user.token, { email, code: bindCode, step_up: user.password });

  await loginThroughUi(page, user.account, user.password);
  await openSecurityCentre(page, "Anti-phishing code");
  await expect(page.getByText("No code set yet.")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill("Blue-Owl_7");
  // No trading password yet: the login password is the proof.
  await page.getByLabel("Trading password or Google 2FA code").fill(user.password);
  await page.getByRole("button", { name: "Set" }).click();
  await expect(page.getByTestId("anti-phishing-code")).toHaveText("Blue-Owl_7");

  // The next e-mail (a password-reset code) starts with it.
  await api(page.request, "POST", "sms_mail", user.token, { email, type: "forget" });
  const [latest] = await outboxOf(page, operator, email);
  expect(latest.body.startsWith("Anti-phishing code: Blue-Owl_7")).toBe(true);
});

test("ending another session logs that device out", async ({ page, browser }) => {
  const { account, password } = await registerThroughUi(page);
  await dismissRealNameModal(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginThroughUi(otherPage, account, password);

  await openSecurityCentre(page, "Active sessions");
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("This device");
  await sessions.nth(1).getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(sessions).toHaveCount(1);

  // The other device's next call is refused and it lands on the login screen.
  // (On the home its first call is user/home, which carries the user's info.)
  const refused = otherPage.waitForResponse((r) => /\/api\/user\/(home|info)\b/.test(r.url()));
  await otherPage.reload();
  expect((await refused).status()).toBe(401);
  await expect(otherPage).toHaveURL(/#\/pages\/login\/index/, { timeout: 15_000 });
  await other.close();
});

test("a bank card's recipient address chosen on the choose-location page", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 40.416775, longitude: -3.70379 });
  await registerThroughUi(page);
  await dismissRealNameModal(page);
  await openSecurityCentre(page, "Bank cards");
  await page.getByLabel("Real name").fill("Ana Garcia");
  await page.getByLabel("Bank name").fill("Banco Uno");
  await page.getByLabel("Card or account number").fill("ES9121000418450200051332");
  await page.getByRole("button", { name: "Choose location" }).click();
  await expect(page).toHaveURL(/#\/choose-location/);
  await page.getByRole("button", { name: "Use my current position" }).click();
  await expect(page.getByTestId("chosen-coordinates")).toContainText("40.416775, -3.70379");
  await page.getByLabel("Address").fill("Calle Mayor 1, Madrid");
  await page.getByRole("button", { name: "Use this location" }).click();

  // Back on the form, what was typed before is still there, with the chosen address.
  await expect(page).toHaveURL(/#\/pages\/me\/bank/);
  await expect(page.getByLabel("Bank name")).toHaveValue("Banco Uno");
  await expect(page.getByLabel("Recipient address")).toHaveValue("Calle Mayor 1, Madrid");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  await page.reload();
  // A reload shows the real-name prompt again (this user never submitted KYC): the handler closes it.
  await expect(page.getByLabel("Recipient address")).toHaveValue("Calle Mayor 1, Madrid");

  // The open-location page shows it with a link to the maps app.
  await page.getByRole("button", { name: "Show location" }).click();
  await expect(page).toHaveURL(/#\/open-location/);
  await expect(page.getByText("Calle Mayor 1, Madrid")).toBeVisible();
  await expect(page.getByTestId("open-maps-app")).toHaveAttribute("href", "geo:0,0?q=Calle%20Mayor%201%2C%20Madrid");
});

test("a friend registers through the shared invitation link", async ({ page, browser }) => {
  // The share sheet is the browser's: record what the page hands it.
  await page.addInitScript(() => {
    (window as unknown as { shared: ShareData[] }).shared = [];
    navigator.share = async (data?: ShareData) => void (window as unknown as { shared: ShareData[] }).shared.push(data ?? {});
  });
  await registerThroughUi(page);
  await dismissRealNameModal(page);
  await page.goto("/#/pages/friend/index");
  await dismissRealNameModal(page);
  const code = (await page.getByTestId("invite-code").textContent())!.trim();
  await page.getByRole("button", { name: "Share" }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toHaveLength(1);
  const link = shared[0].url!;
  expect(link).toContain(code);

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByLabel("Invitation code")).toHaveValue(code);
  const friendAccount = uniqueAccount("friend");
  await friend.getByLabel("Account or e-mail").fill(friendAccount);
  await friend.getByLabel("Password", { exact: true }).fill("secret123");
  await friend.getByLabel("Confirm password").fill("secret123");
  await friend.getByRole("button", { name: "Register" }).click();
  await expect(friend).toHaveURL(/#\/pages\/index\/index/);
  await friendContext.close();

  // The friend is listed, masked, as a direct invitee.
  await page.reload();
  await expect(page.getByText("Nobody has registered with your code yet.")).toHaveCount(0);
  await expect(page.locator(".referral-row").filter({ hasText: "Direct" })).toHaveCount(1);
  await expect(page.locator(".referral-row")).not.toContainText(friendAccount);
});

test("a passkey added in the security centre signs in, confirms an address book change and is removed", async ({ page }) => {
  // Four screens, two sign-ins and three ceremonies: longer than the default on a loaded machine.
  test.slow();
  // Chromium's virtual authenticator: a platform passkey provider with user verification, as a phone's is.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const user = await registerByApi(page, uniqueAccount("pk"));
  // The app at the origin passkeys are bound to (a host name: no browser takes an IP address as an RP ID).
  await page.goto(`${passkeyOrigin}/#/pages/login/index`);
  await page.getByLabel("Account or e-mail").fill(user.account);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  await dismissRealNameModal(page);

  await page.goto(`${passkeyOrigin}/#/pages/me/safecenter`);
  await page.getByRole("link", { name: "Passkeys" }).click();
  await expect(page.getByText("No passkey yet.")).toBeVisible();
  await page.getByLabel("Passkey name").fill("Test phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await stepUp.getByLabel("Login password").fill(user.password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").getByText("Passkey added")).toBeVisible();
  const passkeys = page.getByTestId("passkey");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("Test phone");
  await expect(passkeys.first()).toContainText("Never used");
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

  // Sign out, then in again with the passkey alone (no account typed: the device offers its passkey).
  await page.goto(`${passkeyOrigin}/#/pages/me/index`);
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);

  // The step-up on the way to a withdrawal: adding an address to the book, confirmed with the passkey.
  await page.goto(`${passkeyOrigin}/#/pages/order/withdraw`);
  await page.getByRole("tab", { name: "Address book" }).click();
  await page.getByRole("button", { name: "Add address" }).click();
  await page.getByLabel("Address", { exact: true }).fill("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
  await page.getByRole("button", { name: "Save address" }).click();
  await stepUp.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("status").getByText("Withdrawal address added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Address book" })).toContainText("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");

  // Remove it, confirmed with itself; withdrawals pause as after any credential change.
  await page.goto(`${passkeyOrigin}/#/pages/me/passkeys`);
  await expect(passkeys.first()).toContainText("Last used");
  await page.getByRole("button", { name: "Remove Test phone" }).click();
  await stepUp.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("status").getByText("Passkey removed")).toBeVisible();
  await expect(page.getByText("No passkey yet.")).toBeVisible();
  await page.goto(`${passkeyOrigin}/#/pages/me/safecenter`);
  await expect(page.getByText(/withdrawals are paused until/)).toBeVisible();
});
