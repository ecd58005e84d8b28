/**
 * Looks at screens as a user would: opens each hash route in Chromium at phone size (390x844) and saves a PNG.
 *   tsx scripts/screenshot.ts --base http://localhost:8080 --out .tmp/shots [--lang es] [--account a --password p] [--light] [--keep-modal] [--full] /pages/login/index ...
 * --full saves the whole scrolled page, not only the first screen: what sits below the fold is looked at too.
 * With an account it logs in through the login screen first.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const opt = (name: string, fallback = "") => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const base = opt("base", "http://localhost:8080");
const out = opt("out", ".tmp/shots");
const lang = opt("lang");
const account = opt("account");
const password = opt("password");
const light = flag("light");
const keepModal = flag("keep-modal");
const full = flag("full");
const routes = args.length ? args : ["/pages/login/index"];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: light ? "light" : "dark" });
const page = await context.newPage();
page.on("pageerror", (e) => console.error("pageerror:", e.message));
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
await page.goto(`${base}/#/pages/login/index`);
if (lang) {
  await page.evaluate(async (l) => {
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open("keyval-store");
      req.onupgradeneeded = () => req.result.createObjectStore("keyval");
      req.onsuccess = () => {
        const tx = req.result.transaction("keyval", "readwrite");
        tx.objectStore("keyval").put(l, "lang");
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    });
  }, lang);
  await page.reload();
}
if (account) {
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/pages\/index\/index/, { timeout: 15_000 });
}
for (const route of routes) {
  await page.goto(`${base}/#${route}`);
  await page.waitForTimeout(900);
  // The real-name modal covers most screens of a new user; close it unless asked to keep it.
  const later = page.locator('[role="dialog"] button').first();
  if (!keepModal && (await page.locator('[role="dialog"]').count()) && (await later.isVisible())) {
    await later.click();
    await page.waitForTimeout(300);
  }
  const file = path.join(out, `${route.replace(/^\/|\/index$/g, "").replace(/[^a-z0-9]+/gi, "-") || "root"}${lang ? `.${lang}` : ""}${light ? ".light" : ""}.png`);
  await page.screenshot({ path: file, fullPage: full });
  console.log(file);
}
await browser.close();
