import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { EarnIncome } from "@contract/earn";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** The hosting page: the totals, and every daily income of the hosting orders in its own tab. */

let income: EarnIncome[];

beforeEach(() => {
  income = [
    { id: 2, order_id: 9, order_no: "HS2026112600000002", kind: "hosting", amount: "4.5", currency: "USDT", day: "2026-11-26", created_at: 1_795_737_600 },
    { id: 1, order_id: 9, order_no: "HS2026112600000002", kind: "hosting", amount: "4.5", currency: "USDT", day: "2026-11-25", created_at: 1_795_651_200 },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const message = url.pathname.endsWith("lh/deposit/ordersum")
        ? { hosted: "3000", total_income: "9", yesterday_income: "4.5", running: 1, currency: "USDT" }
        : url.pathname.endsWith("lh/deposit/records")
          ? { list: url.searchParams.get("kind") === "hosting" ? income : [], total: income.length }
          : { list: [], total: 0 };
      return answerOk(message);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const { HostingPage } = await import("./orders-page");
  renderScreen(<HostingPage />);
}

describe("the hosting page", () => {
  it("shows the totals and, in their tab, the daily income records of the hosting orders", async () => {
    await renderPage();
    const totals = await screen.findByTestId("hosting-totals");
    expect(within(totals).getByTestId("hosted").textContent).toBe("3,000.00");
    expect(totals.textContent).toContain("4.5");
    fireEvent.click(screen.getByRole("tab", { name: "Daily income" }));
    const rows = within(await screen.findByTestId("income-list")).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["2026-11-26 HS2026112600000002+4.50 USDT", "2026-11-25 HS2026112600000002+4.50 USDT"]);
  });

  it("says when no income has been paid yet", async () => {
    income = [];
    await renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Daily income" }));
    expect(await screen.findByText("No income yet: the first is paid at the next 00:00 UTC.")).toBeTruthy();
  });
});
