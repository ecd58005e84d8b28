import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

let root: unknown;
let mine: unknown;
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => (new URL(request.url).pathname.endsWith("proof/root") ? answerOk(root) : answerOk(mine))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const at = Date.UTC(2030, 2, 4, 8, 1) / 1000;

describe("the trust page", () => {
  it("says what it proves, counts accounts in the singular and plural, and lists the declared reserves", async () => {
    root = {
      at,
      rules: [],
      currencies: [
        { currency: "BTC", root: "ab", total: "0.25", leaves: 1 },
        { currency: "USDT", root: "cd", total: "1234.5", leaves: 3 },
      ],
      reserves: [{ currency: "USDT", network: "TRC20", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", amount: "200000" }],
    };
    mine = { at, list: [] };
    const { TrustPage } = await import("./trust-page");
    renderScreen(<TrustPage />);
    expect(await screen.findByText("0.25 held for 1 account")).toBeTruthy();
    // Money through the app's money formatter (issue 40: the wire's "1,234.5" stood beside "1,234.50" elsewhere).
    expect(screen.getByText("1,234.50 held for 3 accounts")).toBeTruthy();
    expect(screen.getByTestId("trust-proves").textContent).toContain("This proves our liabilities");
    expect(screen.getByTestId("trust-reserves").textContent).toContain("200,000.00");
    expect(screen.getByText("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")).toBeTruthy();
    // No leaf of mine: said as "not in this snapshot yet", not "you held nothing".
    expect(await screen.findByText(/None of your balances is in the latest snapshot, taken at 2030-03-04/)).toBeTruthy();
    expect(screen.queryByText(/You held nothing/)).toBeNull();
  });

  it("no reserves declared: says so", async () => {
    root = { at, rules: [], currencies: [], reserves: [] };
    mine = { at, list: [] };
    const { TrustPage } = await import("./trust-page");
    renderScreen(<TrustPage />);
    expect(await screen.findByText("The operator has not declared any reserves yet.")).toBeTruthy();
  });
});
