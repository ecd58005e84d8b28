import { type Page } from "@playwright/test";
import { languages, type Language } from "../../server/contract/constants";
import { NATIVE_NAMES } from "../../src/shared/i18n/language-names";
import { test, expect, dismissRealNameModal, loginThroughUi, registerByApi } from "./fixtures";

/**
 * The layout sweep of issue 15: the main routes at 390x844 in all ten languages, in ONE page (the language switched
 * through the app's own language page, then the hash route changed). It fails when a text overflows its box or is
 * clipped without a deliberate ellipsis, or when a non-English screen shows a text equal to its English source.
 */

const ROUTES = ["/pages/index/index", "/pages/market/index", "/pages/me/index", "/pages/me/faq", "/pages/service/index", "/pages/news/index", "/pages/wallet/index"];

/** Texts that are the same in every language: the brand, names of standards, and anything without a lower-case
 *  letter (currency and pair symbols, "UID 1", figures). */
const SAME_IN_EVERY_LANGUAGE = /^(TradeWise|Google 2FA|Google|[^a-z]*)$/;
/** English words a language has borrowed and its catalogue rightly keeps (reviewed one by one, issue 15). */
const LOANWORDS: Partial<Record<Language, string[]>> = {
  es: ["Chat", "Trading", "Earn"],
  it: ["Home", "Account", "Live", "Trading", "Earn", "Referral", "Chat"],
  pt: ["Chat", "Earn"],
  vn: ["Email"],
  id: ["Deposit", "Order", "Email", "Trading", "Referral"],
};

interface Finding {
  overflow: string[];
  texts: string[];
}

/** Every visible element with text of its own: the overflowing ones, and the texts (for the English comparison). */
function inspect(): Finding {
  const overflow: string[] = [];
  const texts: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>("#root *, body > [role=dialog] *"))) {
    const own = Array.from(el.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim() ?? "")
      .join(" ")
      .trim();
    if (!own) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === "hidden" || box.width === 0 || box.height === 0 || el.closest("[aria-hidden=true]")) continue;
    texts.push(own);
    if (style.display === "inline" || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) continue;
    // An ellipsis, a line clamp or a scroll box is a choice the design made; anything else that spills is a bug.
    const deliberate = style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none" || /auto|scroll/.test(style.overflowX + style.overflowY);
    if (deliberate) continue;
    if (el.scrollWidth > el.clientWidth + 1) overflow.push(`"${own}" is ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
    else if (el.scrollHeight > el.clientHeight + 2) overflow.push(`"${own}" spills out: ${el.scrollHeight}px tall in a ${el.clientHeight}px box`);
  }
  return { overflow, texts };
}

async function chooseLanguage(page: Page, lang: Language) {
  await page.evaluate(() => (window.location.hash = "#/pages/me/language"));
  const choice = page.locator(".lang-list button", { hasText: NATIVE_NAMES[lang] });
  await choice.click();
  await expect(choice).toHaveAttribute("aria-pressed", "true");
}

async function visit(page: Page, route: string): Promise<Finding> {
  await page.evaluate((hash) => (window.location.hash = `#${hash}`), route);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await dismissRealNameModal(page);
  return page.evaluate(inspect);
}

test("every main route holds its layout and speaks the language, in all ten languages", async ({ page }) => {
  test.setTimeout(180_000);
  const { account, password } = await registerByApi(page);
  await loginThroughUi(page, account, password);
  await dismissRealNameModal(page);

  const english = new Map<string, Set<string>>();
  const problems: string[] = [];
  // English first: its texts are the sources the other languages must not show untranslated.
  for (const lang of ["en", ...languages.filter((l) => l !== "en")] as Language[]) {
    await chooseLanguage(page, lang);
    for (const route of ROUTES) {
      const { overflow, texts } = await visit(page, route);
      problems.push(...overflow.map((o) => `${lang} ${route}: ${o}`));
      if (lang === "en") {
        english.set(route, new Set(texts));
        continue;
      }
      for (const text of new Set(texts)) {
        const borrowed = LOANWORDS[lang]?.includes(text);
        if (english.get(route)?.has(text) && text !== account && !borrowed && !SAME_IN_EVERY_LANGUAGE.test(text)) {
          problems.push(`${lang} ${route}: "${text}" is still in English`);
        }
      }
    }
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
