import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { E2E_ROOT_INVITE, type operatorFor } from "../../playwright.config";
import { totpCode } from "../../server/src/platform/totp";
import { freshPng } from "../../server/src/testing/images";

export { E2E_ROOT_INVITE, expect };

/**
 * Playwright's `test` whose page fails the test on any uncaught script error: a screen that works while throwing
 * behind it is not done. (An error a test provokes on purpose is read with `page.on("pageerror")` in that test.)
 */
/**
 * Answers a dialog "Later", as a person would, unless the app closes it first: a KYC approval that arrives over the
 * socket closes the real-name modal by itself, and a tap on a button that has just gone would wait forever. A dialog
 * still open after the attempt is a real failure.
 */
async function answerLater(dialog: Locator): Promise<void> {
  await dialog
    .getByRole("button", { name: "Later" })
    .click({ timeout: 5_000 })
    .catch(async (error: unknown) => {
      if (await dialog.isVisible()) throw error;
    });
}

export const test = base.extend<{ pageErrors: string[]; notificationsOffer: void }>({
  // After a user's first trade the app offers notifications once, in a modal over the screen. A person answers it and
  // goes on; so does every spec: when the offer stands in the way of a tap, it is answered "Later".
  notificationsOffer: [
    async ({ page }, use) => {
      await page.addLocatorHandler(page.getByRole("dialog", { name: "Know when your orders fill" }), answerLater);
      await use();
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

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

const dismissing = new WeakSet<Page>();

/**
 * New users have not done KYC: the real-name modal opens once their info has loaded, and its code loads only then,
 * so it may show after the page's first actions. From this call on, whenever it stands in front of an action on this
 * page, its "Later" closes it (a Playwright locator handler, installed once per page).
 */
export async function dismissRealNameModal(page: Page): Promise<void> {
  if (dismissing.has(page)) return;
  dismissing.add(page);
  await page.addLocatorHandler(page.getByRole("dialog", { name: "Real-name verification" }), answerLater);
}

/**
 * How long a first visit may take to be controlled by the service worker. Its install fetches the whole precache (about
 * 220 files) one after another: 4 s with nothing else running, 34 s traced beside the other Playwright worker on the
 * 2-core machine (30 s was the limit, and the push specs failed on it).
 */
export const SERVICE_WORKER_INSTALL_MS = 120_000;

/** Waits until a service worker controls the page and has finished installing (the precache is complete). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // (A synchronous predicate: waitForFunction takes a returned promise for a truthy value.)
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: SERVICE_WORKER_INSTALL_MS });
}

/**
 * Signs an operator in through the API and returns the session token. Each spec has its own operator
 * (`operatorFor(spec)`), and a TOTP code is single-use: a second login in the same 30 s step must wait for the next
 * one. So the session (valid for a shift) is signed in once per run and kept in the run's data folder, where both
 * workers find it; a worker that finds another's login under way waits for its token instead of a new step.
 */
export async function operatorToken(request: APIRequestContext, operator: ReturnType<typeof operatorFor>): Promise<string> {
  // The run's own folder (playwright.config.ts makes it): a token kept anywhere longer would outlive its server.
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const file = path.join(dataDir, `operator-${operator.name}.token`);
  let claimed = false;
  try {
    fs.writeFileSync(`${file}.claim`, String(process.pid), { flag: "wx" });
    claimed = true;
  } catch {
    // Another test of this run signs this operator in, or has done so: its token is awaited below.
  }
  if (claimed) {
    const token = await signInOperator(request, operator);
    fs.writeFileSync(`${file}.part`, token);
    fs.renameSync(`${file}.part`, file);
    return token;
  }
  const deadline = Date.now() + 90_000;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`operator ${operator.name}: the other test's login never finished`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return fs.readFileSync(file, "utf8");
}

async function signInOperator(request: APIRequestContext, operator: ReturnType<typeof operatorFor>): Promise<string> {
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

/** One call of the API with a session token (user or operator); fails the test unless the answer is ok. */
export async function api<T>(request: APIRequestContext, method: "GET" | "POST", path: string, token: string, data: Record<string, unknown> = {}): Promise<T> {
  const res =
    method === "GET"
      ? await request.get(`/api/${path}`, { headers: { authorization: token }, params: data as Record<string, string> })
      : await request.post(`/api/${path}`, { headers: { authorization: token }, data });
  const body = await res.json();
  expect(body.type, `${path}: ${JSON.stringify(body)}`).toBe("ok");
  return body.message as T;
}

/** A fresh idempotency key (letters and digits, as the contract asks). */
export const newKey = (prefix = "e2e") => `${prefix}${Date.now()}${randomBytes(8).toString("hex")}`;

/** Opens the back office already signed in as the operator (the login screen is tested elsewhere). */
export async function backOffice(page: Page, token: string, route: string): Promise<void> {
  await page.addInitScript((t) => sessionStorage.setItem("backoffice-token", t), token);
  await page.goto(`/backoffice.html#${route}`);
}

/** The user's KYC: submitted with three photos and approved by the operator, through the API. */
export async function passKyc(request: APIRequestContext, userToken: string, operator: string): Promise<void> {
  const submitted = await request.post("/api/user/real_name", {
    headers: { authorization: userToken },
    multipart: {
      country: "ES",
      first_name: "Ana",
      last_name: "Lopez",
      cert_type: "passport",
      cert_no: `P${Date.now()}${randomBytes(2).toString("hex")}`,
      front: { name: "front.png", mimeType: "image/png", buffer: freshPng() },
      back: { name: "back.png", mimeType: "image/png", buffer: freshPng() },
      hand: { name: "hand.png", mimeType: "image/png", buffer: freshPng() },
    },
  });
  const info = await api<{ id: number }>(request, "GET", "user/info", userToken);
  const answer = await submitted.json();
  expect(answer.type, JSON.stringify(answer)).toBe("ok");
  await api(request, "POST", "backoffice/kyc/approve", operator, { user_id: info.id });
}

/**
 * A new user credited `usdt` USDT by the operator's manual adjustment (KYC passed too when asked), signed in on the
 * page. Returns the user's API token and account.
 */
export async function fundedUser(page: Page, request: APIRequestContext, operator: string, usdt: string, options: { kyc?: boolean } = {}): Promise<{ token: string; account: string }> {
  const user = await registerByApi(page);
  const info = await api<{ id: number }>(request, "GET", "user/info", user.token);
  await api(request, "POST", "backoffice/users/adjust", operator, { user_id: info.id, currency: "USDT", amount: usdt, reason: "e2e funds", idempotency_key: newKey() });
  if (options.kyc) await passKyc(request, user.token, operator);
  await loginThroughUi(page, user.account, user.password);
  await dismissRealNameModal(page);
  return { token: user.token, account: user.account };
}

/**
 * The keys of the user's offline copy (SWR's cache written through to IndexedDB). The connection is closed again, so
 * it never blocks the app deleting that database at logout.
 */
export const offlineCopyKeys = (page: Page, userId: number) =>
  page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.result.createObjectStore("swr");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("swr")) {
            db.close();
            return resolve([]);
          }
          const request = db.transaction("swr", "readonly").objectStore("swr").getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String));
          };
          request.onerror = () => reject(request.error);
        };
      }),
    `tradewise-cache-${userId}`,
  );
