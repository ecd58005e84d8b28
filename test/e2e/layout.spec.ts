import { type Page } from "@playwright/test";
import { languages, type Language } from "../../server/contract/constants";
import { NATIVE_NAMES } from "../../src/shared/i18n/language-names";
import { paths } from "../../src/shared/lib/paths";
import { test, expect, dismissRealNameModal, loginThroughUi, registerByApi } from "./fixtures";

/**
 * The layout sweep of issue 15: every route at 390x844 in all ten languages, one page per half of them (the language switched
 * through the app's own language page, then the hash route changed). It fails when a text overflows its box or is
 * clipped without a deliberate ellipsis, or when a non-English screen shows a text equal to its English source.
 * Issue 40 added: a value (a figure, a date, a badge) that wraps inside itself, a text cut off by the screen's edge,
 * and a raw number that escaped the locale's formatter ("1000000 USDT"; "0.1%" in a language that writes "0,1 %");
 * and two texts drawn over each other (a badge over a label, a chip over its neighbour).
 * The issue 40 screenshots added: a page wider than the phone (four market tabs pushed it 1 px past the edge), a date
 * broken across two lines ("2026-12-" above "03"), a raw figure in a placeholder ("10 to 100000"), and a wrapped
 * button label on its button's border.
 */

/** Every route of the app a signed-in user can open without a record's id (login and register redirect home). */
const ROUTES = Object.values(paths).filter((route) => !["/", paths.login, paths.register, paths.forget, paths.webview, paths.newsDetail, paths.messageDetail].includes(route));

/** Texts that are the same in every language: the brand, names of standards, anything without a lower-case letter
 *  (currency and pair symbols, "UID 1", figures), leverage and interval labels ("20 x", "15m", "1 h"), data rather
 *  than interface (the simulated venues' names, a device read from its user agent, a link) and the languages' own names. */
// A wallet address (25+ letters and digits, no space) is data, the same in every language.
// (The simulator's venues are named in the reader's language: "Demo venue A" is not among these.)
const SAME_IN_EVERY_LANGUAGE = /^(TradeWise|Google 2FA|Google|[^a-z]*|\d+ ?(x|m|h|d|min)|\S+ \/ \S+|https?:\/\/\S+|[A-Za-z0-9]{25,})$/;
const ENDONYMS = new Set(Object.values(NATIVE_NAMES));
/** Routes that list what operators typed in one language (earn products made by other specs on this shared server):
 *  their layout is checked, their words are not compared with English. */
const OPERATOR_TEXT_ROUTES = new Set<string>([paths.arbitrage]);
/** English words a language has borrowed and its catalogue rightly keeps (reviewed one by one, issue 15). */
const LOANWORDS: Partial<Record<Language, string[]>> = {
  es: ["Chat", "Trading", "E-mail", "Spot", "Spot BTC/USDT"],
  it: ["Home", "Account", "Live", "Trading", "Earn", "Referral", "Chat", "Bid", "Ask", "Long", "Short", "White paper", "E-mail", "Max", "Spot", "Spot BTC/USDT", "Equity", "Trailing stop"],
  pt: ["Chat", "Earn", "White paper", "E-mail", "Spot"],
  vn: ["Email"],
  id: ["Deposit", "Order", "Email", "Trading", "Referral", "Bid", "Ask", "Long", "Short", "Limit", "Leverage", "Margin", "Deposit USDT", "Hosting", "White paper", "Spot", "Spot BTC/USDT", "Minimum", "Trailing stop"],
};

interface Finding {
  overflow: string[];
  texts: string[];
}

/** Every visible element with text of its own: the overflowing ones, and the texts (for the English comparison). */
function inspect(commaDecimals: boolean): Finding {
  const overflow: string[] = [];
  const texts: string[] = [];
  const placed: Array<{ el: HTMLElement; own: string; boxes: DOMRect[]; layer: Element | null }> = [];
  // The page itself is never wider than the phone: a phone would let it slide sideways under a finger.
  if (document.documentElement.scrollWidth > window.innerWidth) overflow.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${window.innerWidth}px screen`);
  // A figure quoted in a sentence ("written without trailing zeros (12.5, 0)") stays in it, not on lines of its own.
  for (const code of Array.from(document.querySelectorAll<HTMLElement>("#root :not(li, pre) > code"))) {
    // Only inside prose: a code whose parent holds words of its own (a hash shown as a block under its label is data).
    const inProse = Array.from(code.parentElement?.childNodes ?? []).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== "");
    if (inProse && getComputedStyle(code).display === "block") overflow.push(`"${code.textContent}" breaks its sentence onto a line of its own`);
  }
  // A table fits its box: one scrolled sideways hides its last column (the statement's Balance), which reads as cut off.
  for (const table of Array.from(document.querySelectorAll<HTMLElement>("#root table"))) {
    const box = table.parentElement;
    if (box && table.checkVisibility() && table.offsetWidth > box.clientWidth + 1) overflow.push(`a table is ${table.offsetWidth}px wide in a ${box.clientWidth}px box: its last column is cut off`);
  }
  // A choice longer than its select ends in an ellipsis, not cut mid-letter at the chevron (the withdrawal address).
  const ruler = document.createElement("canvas").getContext("2d");
  for (const select of Array.from(document.querySelectorAll<HTMLSelectElement>("#root select"))) {
    const style = getComputedStyle(select);
    const text = select.selectedOptions[0]?.textContent ?? "";
    if (!ruler || !select.checkVisibility() || style.textOverflow === "ellipsis") continue;
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (ruler.measureText(text).width > room + 1) overflow.push(`"${text}" is cut off in its select (no ellipsis)`);
  }
  // A button's label keeps clear of its border: a label that wraps (es "Condiciones de la transferencia internacional")
  // grows its button, it does not sit on the frame's edge of a fixed height. (A link-styled button has no frame.)
  for (const button of Array.from(document.querySelectorAll<HTMLElement>("#root .btn:not(.btn--link)"))) {
    if (!button.checkVisibility()) continue;
    const label = document.createRange();
    label.selectNodeContents(button);
    const text = label.getBoundingClientRect();
    const frame = button.getBoundingClientRect();
    if (text.height > 0 && (text.top - frame.top < 4 || frame.bottom - text.bottom < 4)) overflow.push(`"${button.textContent}" touches its button's border`);
  }
  // A placeholder is read as a figure too: its limits through the formatter ("10.00 to 100,000.00").
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>("#root input[placeholder]"))) {
    if (input.checkVisibility() && /(?<![\w.,])\d{5,}(?![\w])/.test(input.placeholder)) overflow.push(`placeholder "${input.placeholder}" has a number the locale's formatter did not write`);
  }
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
    // Code (the published hashing rules) is the same in every language.
    if (el.closest("code, pre")) continue;
    texts.push(own);
    // What floats above the page (a fixed bar, a sticky header, a toast) may cover what scrolls beneath it.
    let layer: Element | null = null;
    for (let at: HTMLElement | null = el; at && !layer; at = at.parentElement) if (/fixed|sticky/.test(getComputedStyle(at).position)) layer = at;
    // A closed <details>' answer keeps a box but is not drawn (content-visibility): it covers nothing.
    // A text that wraps is compared line by line (its one bounding box would cover what sits beside its first line).
    if (el.checkVisibility({ visibilityProperty: true })) placed.push({ el, own, boxes: Array.from(el.getClientRects()), layer });
    // A raw figure beside a currency ("1000000 USDT"), or a point for a decimal where the language writes a comma
    // (a group of three after it is a thousands sign; dotted runs like an IP address are not figures).
    if (/(?<![\d.,])\d{5,}(\.\d+)? ?(USDT|USD|BTC|ETH)\b/.test(own) || (commaDecimals && /(?<![\d.])\d+\.(\d{1,2}|\d{4,})(?![\d.])/.test(own))) {
      overflow.push(`"${own}" has a number the locale's formatter did not write`);
    }
    // A value is one unit: a figure, a date or a badge that takes two lines has wrapped inside itself.
    if (el.matches(".num, .badge, time") && box.height > parseFloat(style.lineHeight || "0") * 1.6 + 4 && parseFloat(style.lineHeight) > 0) {
      overflow.push(`"${own}" wraps inside the value (${Math.round(box.height)}px tall)`);
    }
    // A date or a time is one unit: broken across two lines it reads as two values ("2026-12-" above "03").
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const found of (node.textContent ?? "").matchAll(/\d{4}-\d{2}-\d{2}|\d{2}:\d{2}(:\d{2})?/g)) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (tops.size > 1) overflow.push(`"${found[0]}" in "${own}" breaks across lines`);
      }
    }
    // Cut off by the screen's edge (a phone shows nothing past it), unless it sits in a scroll box.
    const inScrollBox = () => {
      for (let at = el.parentElement; at; at = at.parentElement) if (/auto|scroll|hidden/.test(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    if ((box.right > window.innerWidth + 1 || box.left < -1) && !inScrollBox()) {
      overflow.push(`"${own}" is cut by the screen's edge (${Math.round(box.left)}..${Math.round(box.right)}px)`);
    }
    if (style.display === "inline" || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) continue;
    // An ellipsis, a line clamp or a scroll box is a choice the design made; anything else that spills is a bug.
    const deliberate = style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none" || /auto|scroll/.test(style.overflowX + style.overflowY);
    if (deliberate) continue;
    if (el.scrollWidth > el.clientWidth + 1) overflow.push(`"${own}" is ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
    else if (el.scrollHeight > el.clientHeight + 2) overflow.push(`"${own}" spills out: ${el.scrollHeight}px tall in a ${el.clientHeight}px box`);
  }
  // Two texts of one layer drawn over each other: neither holds the other, and their boxes share more than a sliver.
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i];
      const b = placed[j];
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      for (const p of a.boxes) {
        const hit = b.boxes.find((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 3 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 3);
        if (!hit) continue;
        overflow.push(`"${a.own}" and "${b.own}" overlap (${Math.round(Math.min(p.right, hit.right) - Math.max(p.left, hit.left))}x${Math.round(Math.min(p.bottom, hit.bottom) - Math.max(p.top, hit.top))}px)`);
        break;
      }
    }
  }
  return { overflow, texts };
}

async function chooseLanguage(page: Page, lang: Language) {
  await page.evaluate(() => (window.location.hash = "#/pages/me/language"));
  const choice = page.locator(".lang-list button", { hasText: NATIVE_NAMES[lang] });
  await choice.click();
  await expect(choice).toHaveAttribute("aria-pressed", "true");
}

/** The languages that write a decimal comma (src/shared/i18n/format.ts). */
const COMMA_DECIMALS = new Set<Language>(["es", "it", "pt", "vn", "id"]);

async function visit(page: Page, route: string, lang: Language): Promise<Finding> {
  await page.evaluate((hash) => (window.location.hash = `#${hash}`), route);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await dismissRealNameModal(page);
  return page.evaluate(inspect, COMMA_DECIMALS.has(lang));
}

/** Two halves side by side (each with English first, the source of the comparison), to keep the sweep short. */
const HALVES: Language[][] = [languages.filter((l) => l !== "en").slice(0, 5), languages.filter((l) => l !== "en").slice(5)];

for (const half of HALVES) {
  test(`every route holds its layout and speaks the language: ${half.join(", ")}`, async ({ page }) => {
    test.setTimeout(600_000);
    const { account, password } = await registerByApi(page);
    await loginThroughUi(page, account, password);
    await dismissRealNameModal(page);

    const english = new Map<string, Set<string>>();
    const problems: string[] = [];
    for (const lang of ["en", ...half] as Language[]) {
      await chooseLanguage(page, lang);
      for (const route of ROUTES) {
        const { overflow, texts } = await visit(page, route, lang);
        problems.push(...overflow.map((o) => `${lang} ${route}: ${o}`));
        if (lang === "en") {
          english.set(route, new Set(texts));
          continue;
        }
        if (OPERATOR_TEXT_ROUTES.has(route)) continue;
        for (const text of new Set(texts)) {
          const borrowed = LOANWORDS[lang]?.includes(text) || ENDONYMS.has(text);
          if (english.get(route)?.has(text) && text !== account && !borrowed && !SAME_IN_EVERY_LANGUAGE.test(text)) {
            problems.push(`${lang} ${route}: "${text}" is still in English`);
          }
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}
