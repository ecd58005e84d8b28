import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { StatementCurrency } from "@contract/wallet";
import { activateLanguage, screensCatalogueReady } from "@/shared/i18n/i18n";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/**
 * The monthly statement: per currency the opening balance, every entry with the balance after it, and the closing
 * balance, which is the opening plus the entries; in the reader's language and digits (es, zh).
 */

const usdt: StatementCurrency = {
  currency: "USDT",
  opening: "1250.5",
  closing: "2240.25",
  lines: [
    { entry_id: 11, kind: "deposit", cause_kind: "deposit", cause_id: "4", memo: null, change: "1000", balance: "2250.5", created_at: 1_772_400_000, cause_tick: null },
    { entry_id: 12, kind: "spot.buy", cause_kind: "spot_order", cause_id: "9", memo: null, change: "-10.25", balance: "2240.25", created_at: 1_772_500_000, cause_tick: { symbol: "BTC/USDT", price: "60000.5", at_ms: 1_772_500_000_000, price_precision: 2 } },
  ],
};
let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  store.set(hasLoginAtom, true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/finance/statement") {
        asked.push(url.searchParams);
        return answerOk({ from: Number(url.searchParams.get("from")), to: Number(url.searchParams.get("to")), currencies: [usdt] });
      }
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage("en");
});

const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((cell) => cell.textContent);

describe.each([
  { lang: "es" as const, opening: ["Saldo inicial", "1.250,50"], lines: [["+1.000,00", "2.250,50"], ["-10,25", "2.240,25"]], closing: ["Saldo final", "2.240,25"], title: "Extracto mensual", tick: "60.000,50" },
  { lang: "zh" as const, opening: ["期初余额", "1,250.50"], lines: [["+1,000.00", "2,250.50"], ["-10.25", "2,240.25"]], closing: ["期末余额", "2,240.25"], title: "月度对账单", tick: "60,000.50" },
])("statement page in $lang", ({ lang, opening, lines, closing, title, tick }) => {
  it("shows the opening balance, every entry and a closing balance equal to the opening plus the entries", async () => {
    await activateLanguage(lang);
    await screensCatalogueReady();
    const { StatementPage } = await import("./statement-page");
    renderScreen(<StatementPage />);
    const table = await screen.findByTestId("statement-USDT");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(cells(within(table).getByTestId("statement-opening"))).toEqual(opening);
    const rows = within(table).getAllByTestId("statement-line");
    expect(rows.map((row) => cells(row).slice(2))).toEqual(lines);
    // A trade's tick at its pair's precision, as the market writes the pair's prices.
    expect(cells(rows[1])[1]).toContain(tick);
    expect(cells(within(table).getByTestId("statement-closing"))).toEqual(closing);
    // The month asked is the current local month, first second to last.
    const now = new Date();
    expect(Number(asked[0].get("from"))).toBe(new Date(now.getFullYear(), now.getMonth(), 1).getTime() / 1000);
    expect(Number(asked[0].get("to"))).toBe(new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime() / 1000 - 1);
  });
});
