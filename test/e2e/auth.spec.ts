import { privateKeyToAccount } from "viem/accounts";
import { test, expect, dismissRealNameModal, loginThroughUi, registerByApi, registerThroughUi } from "./fixtures";

test("register with an invitation code, log in, switch language, log out", async ({ page }) => {
  const { account, password } = await registerThroughUi(page);
  await expect(page.getByRole("dialog", { name: "Real-name verification" })).toBeVisible();
  await dismissRealNameModal(page);
  await expect(page.getByText(`Welcome, ${account}`)).toBeVisible();

  // Log out from the account tab: confirmation, then the login page.
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);

  await loginThroughUi(page, account, password);
  await dismissRealNameModal(page);

  // Switch language: the UI changes at once, without a reload.
  await page.goto("/#/pages/me/language");
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
  await page.getByRole("listitem").filter({ hasText: "Español" }).click();
  await expect(page.getByRole("heading", { name: "Idioma" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
  await page.goto("/#/pages/me/index");
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  // The choice survives a reload (stored under "lang"); the real-name reminder of the new launch speaks Spanish too.
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Verificación de identidad" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Más tarde" }).click();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
});

test("a visitor opening a protected route lands on login", async ({ page }) => {
  await page.goto("/#/pages/me/safecenter");
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await page.goto("/#/pages/order/withdraw");
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  // Public pages stay open.
  await page.goto("/#/pages/me/language");
  await expect(page.getByRole("heading", { name: "Language" })).toBeVisible();
});

test("a wrong password shows the translated error toast", async ({ page }) => {
  const { account } = await registerByApi(page);
  await page.goto("/#/pages/login/index");
  await page.getByLabel("Account or e-mail").fill(account);
  await page.getByLabel("Password", { exact: true }).fill("not-my-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Wrong account or password")).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
});

/** A browser wallet injected into the page, signing with a test key through Node (EIP-1193 + personal_sign). */
async function injectWallet(page: import("@playwright/test").Page, privateKey: `0x${string}`, signer = privateKey) {
  const account = privateKeyToAccount(privateKey);
  const signing = privateKeyToAccount(signer);
  await page.exposeFunction("__walletSign", (hexMessage: string) => signing.signMessage({ message: { raw: hexMessage as `0x${string}` } }));
  await page.addInitScript((address) => {
    (window as unknown as { ethereum: unknown }).ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "personal_sign") return (window as unknown as { __walletSign: (m: string) => Promise<string> }).__walletSign(params![0] as string);
        throw new Error(`unsupported ${method}`);
      },
    };
  }, account.address);
  return account;
}

test("a browser wallet signs in by address", async ({ page }) => {
  const account = await injectWallet(page, "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
  await page.goto("/");
  await expect(page).toHaveURL(/#\/pages\/index\/index|#\/$/);
  await dismissRealNameModal(page);
  await expect(page.getByText(`Welcome, ${account.address.toLowerCase()}`)).toBeVisible();
});

test("a forged wallet signature is refused", async ({ page }) => {
  // The wallet claims one address but signs with another key.
  await injectWallet(page, "0x6c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362319", "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
  await page.goto("/");
  await expect(page.getByRole("status").getByText("Wallet signature verification failed")).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  const token = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const req = indexedDB.open("keyval-store");
        req.onsuccess = () => {
          const get = req.result.transaction("keyval").objectStore("keyval").get("token");
          get.onsuccess = () => resolve(get.result ?? null);
        };
      }),
  );
  expect(token).toBeNull();
});
