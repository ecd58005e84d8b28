import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";
import { DepositsPage } from "./deposits-page";
import { WithdrawalsPage } from "./withdrawals-page";
import { LedgerPage } from "./ledger-page";
import { PositionsPage } from "./positions-page";
import { SpotOrdersPage } from "./spot-orders-page";

/**
 * The back office's money columns through the app's money formatter ("1,234.50", never the wire's "1234.5"): the
 * deposit and withdrawal queues, the ledger summary and the positions' margin and P&L (issue 40's screenshots).
 */

const at = 1_796_278_720;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("back office money columns", () => {
  it("the deposit queue writes the amount as money", async () => {
    stubApi({
      "backoffice/deposits": {
        list: [{ id: 1, currency: "USDT", network: "TRC20", amount: "1234.5", status: "pending", source: "voucher", created_at: at, reviewed_at: null, user_id: 7, account: "ana", address: "T1", voucher_md5: null, reviewed_by: null }],
        total: 1,
      },
    });
    renderScreen(<DepositsPage />);
    expect(await screen.findByText("1,234.50 USDT")).toBeTruthy();
  });

  it("the withdrawal queue writes the amount, the fee and what is received as money", async () => {
    stubApi({
      "backoffice/withdrawals": {
        list: [{ id: 1, currency: "USDT", network: "TRC20", address: "T1", amount: "1000", fee: "3", receive: "997", status: "pending", created_at: at, reviewed_at: null, user_id: 7, account: "ana", reviewed_by: null }],
        total: 1,
      },
    });
    renderScreen(<WithdrawalsPage />);
    expect(await screen.findByText("1,000.00")).toBeTruthy();
    expect(screen.getByText("3.00")).toBeTruthy();
    expect(screen.getByText("997.00")).toBeTruthy();
  });

  it("the ledger summary writes the users' balances and the platform accounts as money", async () => {
    stubApi({
      "backoffice/ledger/summary": {
        liabilities: [{ currency: "USDT", available: "25000", frozen: "12.5" }],
        platform: [{ platform: "rewards", currency: "USDT", balance: "-150" }],
        problems: [],
      },
    });
    renderScreen(<LedgerPage />);
    expect(await screen.findByText("25,000.00")).toBeTruthy();
    expect(screen.getByText("12.50")).toBeTruthy();
    expect(screen.getByText("-150.00")).toBeTruthy();
  });

  it("the positions write the margin and the P&L as USDT money, and the prices grouped", async () => {
    stubApi({
      "backoffice/positions": {
        list: [
          {
            id: 1, symbol: "BTC/USDT", kind: "crypto", direction: "long", type: "market", quantity: "0.01", contract_size: "1", leverage: 10, price: null, open_price: "65000",
            margin: "65", pnl: "-0.40880735", status: "open", close_reason: null, close_tick: null, liquidation_price: "58500", created_at: at, user_id: 7, account: "ana",
          },
        ],
        total: 1,
        accounts: [],
      },
    });
    renderScreen(<PositionsPage />);
    expect(await screen.findByText("65.00")).toBeTruthy();
    // Margined in USDT, as the app's own positions screen says it: four decimals at most, not the wire's eight.
    expect(screen.getByText("-0.4088")).toBeTruthy();
    // Prices in the reader's digits (grouped), as every other price.
    expect(screen.getByText("65,000")).toBeTruthy();
    expect(screen.getByText("58,500")).toBeTruthy();
  });

  it("the spot orders write the limit and filled prices in grouped digits", async () => {
    stubApi({
      "backoffice/spot/orders": {
        list: [
          {
            id: 1, symbol: "BTC/USDT", side: "buy", type: "limit", price: "39000.5", quantity: "0.01", filled_price: "39992.43", amount: "399.9243", fee: "0.3999", fee_currency: "USDT",
            status: "filled", tick: null, created_at: at, filled_at: at, base: "BTC", quote: "USDT", fee_rate: "0.001", held: "0", cancelled_at: null, stop_price: null, user_id: 7, account: "ana",
          },
        ],
        total: 1,
        accounts: [],
      },
    });
    renderScreen(<SpotOrdersPage />);
    expect(await screen.findByText("39,000.5")).toBeTruthy();
    expect(screen.getByText("39,992.43")).toBeTruthy();
  });
});
