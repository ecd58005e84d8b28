import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { LoanConfig } from "@contract/loans";
import { store, userInfoAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/**
 * The loan form's gates as a user meets them: without a passed KYC, or with a loan still open, it says why and
 * cannot be sent; the interest, APR, total repayment and due date show before submit; an amount outside the limits
 * is refused in the form.
 */

const config: LoanConfig = {
  currency: "USDT",
  min: "100",
  max: "20000",
  cycles: [
    { days: 7, daily_rate: "0.001", apr: "0.365" },
    { days: 30, daily_rate: "0.0008", apr: "0.292" },
  ],
  overdue_daily_rate: "0.002",
  required: ["house", "income", "bank", "id_front", "id_hand"],
  agreement: "jkxy",
};

let reviewStatus: number;
let limit: string;
let loansAllowed: boolean;

beforeEach(() => {
  reviewStatus = 2;
  limit = "20000";
  loansAllowed = true;
  store.set(userInfoAtom, null);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const message = path.endsWith("lh/loan/config")
        ? config
        : path.endsWith("lh/loan/statistics")
          ? { borrowed: "0", outstanding: "0", repaid: "0", overdue: "0", limit, currency: "USDT" }
          : path.endsWith("user/features")
            ? { options: true, leverage: true, earn: true, loans: loansAllowed, country: "ES" }
            : path.endsWith("user/info")
              ? { id: 1, account: "ana", review_status: reviewStatus }
              : {};
      return answerOk(message);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const { LoanApplyPage } = await import("./loan-apply-page");
  renderScreen(<LoanApplyPage />);
  const amount = await screen.findByLabelText("Amount (USDT)");
  // The gates judge the user the server describes, not the empty session before it answers.
  await waitFor(() => expect(store.get(userInfoAtom)).toMatchObject({ review_status: reviewStatus }));
  return amount;
}

const applyButton = () => screen.getByRole("button", { name: "Apply" });

describe("the loan form", () => {
  it("shows interest, APR and the total before submit, and refuses amounts outside the limits", async () => {
    const amount = await renderPage();
    expect(screen.queryByText("Loans need a passed identity verification (KYC).")).toBeNull();
    fireEvent.change(amount, { target: { value: "500" } });
    expect(screen.getByTestId("loan-interest").textContent).toBe("3.50 USDT");
    expect(screen.getByTestId("loan-total").textContent).toBe("503.50 USDT");
    expect(screen.getByTestId("loan-apr").textContent).toBe("36.5%");
    fireEvent.change(screen.getByLabelText("Cycle"), { target: { value: "30" } });
    expect(screen.getByTestId("loan-interest").textContent).toBe("12.00 USDT");
    expect(screen.getByTestId("loan-apr").textContent).toBe("29.2%");
    expect(screen.getByTestId("loan-early-note").textContent).toBe("The interest is for the full 30 days: repaying early does not reduce it.");
    fireEvent.change(amount, { target: { value: "99" } });
    expect(screen.getByText("The minimum is 100.00 USDT.")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "20000.5" } });
    expect(screen.getByText("The maximum is 20,000.00 USDT.")).toBeTruthy();
    expect(screen.getByTestId("loan-total").textContent).toBe("-");
    // Without the five photos the application cannot be sent, agreement or not.
    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.click(screen.getByRole("checkbox"));
    expect(applyButton().hasAttribute("disabled")).toBe(true);
  });

  it("without a passed KYC it says so and cannot be sent", async () => {
    reviewStatus = 1;
    await renderPage();
    // Said at the top, and beside the disabled Apply.
    expect(screen.getAllByText("Loans need a passed identity verification (KYC).")).toHaveLength(2);
    expect(screen.getByTestId("disabled-reason").textContent).toBe("Loans need a passed identity verification (KYC).");
    expect(applyButton().hasAttribute("disabled")).toBe(true);
  });

  it("with a loan still open it says one loan at a time", async () => {
    limit = "0";
    await renderPage();
    expect(await screen.findByTestId("disabled-reason")).toBeTruthy();
    expect(screen.getAllByText("You have an open loan: one loan at a time.")).toHaveLength(2);
    expect(screen.queryByText("Loans need a passed identity verification (KYC).")).toBeNull();
    expect(applyButton().hasAttribute("disabled")).toBe(true);
  });

  it("explains instead of the form when the user's country has loans switched off", async () => {
    loansAllowed = false;
    const { LoanApplyPage } = await import("./loan-apply-page");
    renderScreen(<LoanApplyPage />);
    expect((await screen.findByTestId("loans-unavailable")).textContent).toContain("Credit loans are not available in your country");
    expect(screen.queryByLabelText("Amount (USDT)")).toBeNull();
  });
});
