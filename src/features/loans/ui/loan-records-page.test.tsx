import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Loan } from "@contract/loans";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

const day = 86_400;
const now = Math.floor(Date.now() / 1000);
const base: Loan = {
  id: 7, order_no: "L20300304000007", currency: "USDT", amount: "1000", days: 30, daily_rate: "0.001", apr: "0.365", interest: "30", overdue_daily_rate: "0.005",
  total_due: "1030", repaid: "0", unpaid: "1030", due_at: now + 20 * day, overdue: false, overdue_days: 0, overdue_fee: "0", status: "issued", reason: null,
  created_at: now - 10 * day, issued_at: now - 10 * day, settled_at: null,
};
let loans: Loan[];

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith("lh/loan/order")) return answerOk({ list: loans, total: loans.length });
      return answerOk({ borrowed: "1000", outstanding: "1030", repaid: "0", overdue: "0", limit: "0" });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function open() {
  const { LoanRecordsPage } = await import("./loan-records-page");
  renderScreen(<LoanRecordsPage />);
}

describe("loan records", () => {
  it("says before the user commits that repaying early still costs the full term's interest", async () => {
    loans = [base];
    await open();
    fireEvent.click(within(await screen.findByTestId("loan-7")).getByRole("button", { name: "Repay" }));
    const note = await screen.findByTestId("repay-early");
    expect(note.textContent).toContain("The interest of 30.00 USDT is for the full 30 days and is charged in full: repaying early does not reduce it.");
  });

  it("an overdue loan has no early-repayment note; a rejected one reads Rejected", async () => {
    loans = [{ ...base, due_at: now - day, overdue: true, overdue_days: 1 }, { ...base, id: 8, status: "rejected", reason: "Documents unreadable", due_at: null, issued_at: null }];
    await open();
    expect(within(await screen.findByTestId("loan-8")).getByTestId("loan-status").textContent).toBe("Rejected");
    fireEvent.click(within(screen.getByTestId("loan-7")).getByRole("button", { name: "Repay" }));
    await screen.findByTestId("repay-unpaid");
    expect(screen.queryByTestId("repay-early")).toBeNull();
  });
});
