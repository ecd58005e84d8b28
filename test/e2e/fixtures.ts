import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ROOT_INVITE, type operatorFor } from "../../playwright.config";
import { totpCode } from "../../server/src/platform/totp";

export { E2E_ROOT_INVITE };

/** A unique account name per call (tests run in parallel against one server). */
export const uniqueAccount = (prefix = "e2e") => `${prefix}_${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;

/** Registers through the register screen and lands on home. */
export async function registerThroughUi(page: Page, account = uniqueAccount(), password = "secret123"): Promise<{ account: string; password: string }> {
  await page.goto("/#/pages/register/index");
  await page.getByLabel("Account or e-mail").fill(account);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel("Invitation code").fill(E2E_ROOT_INVITE);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  return { account, password };
}

/** Registers through the API (fast), for tests that are about something else. */
export async function registerByApi(page: Page, account = uniqueAccount(), password = "secret123"): Promise<{ account: string; password: string; token: string }> {
  const response = await page.request.post("/api/user/register", {
    form: { account, password, re_password: password, invite_code: E2E_ROOT_INVITE },
  });
  const body = await response.json();
  expect(body.type, JSON.stringify(body)).toBe("ok");
  return { account, password, token: body.message.token };
}

export async function loginThroughUi(page: Page, account: string, password: string): Promise<void> {
  await page.goto("/#/pages/login/index");
  await page.getByLabel("Account or e-mail").fill(account);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
}

/** Closes the real-name modal if it shows (new users have not done KYC). */
export async function dismissRealNameModal(page: Page): Promise<void> {
  const later = page.getByRole("button", { name: "Later" });
  if (await later.isVisible().catch(() => false)) await later.click();
}

/**
 * Signs an operator in through the API and returns the session token. Each spec has its own operator
 * (`operatorFor(spec)`): a TOTP code is single-use, so on a clash with another login the next step is awaited.
 */
export async function operatorToken(request: APIRequestContext, operator: ReturnType<typeof operatorFor>): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await request.post("/api/backoffice/login", {
      data: { name: operator.name, password: operator.password, totp: await totpCode(operator.secret, new Date()) },
    });
    const body = await res.json();
    if (body.type === "ok") return body.message.token as string;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
  throw new Error("operator login failed");
}
