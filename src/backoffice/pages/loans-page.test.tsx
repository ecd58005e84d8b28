import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";
import { LoansPage } from "./loans-page";

/** The loan queue writes its money with the app's formatter: "500.00", not the wire's "500" (issue 40's screenshots). */

const loan = {
  id: 1, order_no: "LN1", user_id: 7, account: "ana", reviewed_by: null, currency: "USDT", amount: "500", days: 7, daily_rate: "0.001", apr: "0.365",
  interest: "3.5", overdue_daily_rate: "0.002", total_due: "503.5", repaid: "0", unpaid: "503.5", due_at: null, overdue: false, overdue_days: 0,
  overdue_fee: "0", status: "pending", created_at: 1_796_278_720, reviewed_at: null, reject_reason: null,
};

beforeEach(() => {
  stubApi({ "backoffice/loans": { list: [loan], total: 1, accounts: [{ platform: "loans", currency: "USDT", balance: "100000" }] } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LoansPage", () => {
  it("writes the amount, the total due, the unpaid part and the loans account as money", async () => {
    renderScreen(<LoansPage />);
    const row = await screen.findByTestId("loan-1");
    expect(row.textContent).toContain("500.00 USDT");
    expect(within(row).getAllByText("503.50")).toHaveLength(2);
    expect(await screen.findByText(/Loans account: 100,000.00 USDT/)).toBeTruthy();
  });
});
