import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Quotation } from "@contract/market";
import type { Period } from "@contract/options";
import { FakeWebSocket } from "@/shared/api/fake-websocket";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

const period = (seconds: number, available: boolean): Period => ({ seconds, rate: "0.88", min: "10", max: "1000", break_even_win_rate: "0.5319", available });
const xau: Quotation = {
  symbol: "XAU/USD", base: "XAU", quote: "USD", kind: "metal", last: "2400.10", open_24h: "2400", high_24h: "2401", low_24h: "2399", change_24h: "0.00",
  volume_24h: "1", quote_volume_24h: "1", bid: "2400.00", ask: "2400.20", price_precision: 2, trading: true, paused: false, tick_age_ms: 0, tick_max_age_ms: 15_000, source: "sim", updated_at: 0,
};
let periods: Period[];

beforeAll(() => vi.stubGlobal("WebSocket", FakeWebSocket));

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith("microtrade/seconds")) return answerOk(periods);
      if (path.endsWith("microtrade/payable_currencies")) return answerOk([{ currency: "USDT", available: "500" }]);
      if (path.endsWith("currency/quotation_new")) return answerOk([xau]);
      if (path.endsWith("user/features")) return answerOk({ options: true, leverage: true, earn: true, loans: true });
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(async () => {
  const { realtime } = await import("@/shared/api/realtime");
  realtime.close();
  vi.unstubAllGlobals();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

async function renderTicket() {
  const { OptionTicket } = await import("./option-ticket");
  renderScreen(<OptionTicket symbol="XAU/USD" kind="metal" desk="forex" hours={<p data-testid="hours">hours</p>} />);
  return screen.findByRole("form", { name: "Option ticket" });
}

describe("the option ticket and the market's hours", { timeout: 20_000 }, () => {
  it("shows a period that would expire while the market is closed as not offered, and chooses the first one that is", async () => {
    periods = [period(86_400, false), period(300, true)];
    await renderTicket();
    const day = await screen.findByTestId("period-86400");
    expect(day.hasAttribute("disabled")).toBe(true);
    expect(day.textContent).toContain("Closed at expiry");
    expect(day.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByTestId("period-300").getAttribute("aria-checked")).toBe("true");
    expect(screen.getByTestId("periods-unavailable").textContent).toBe("Periods that would end while the market is closed are not offered.");
    expect(screen.getByTestId("hours")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: /Buy up/ }).hasAttribute("disabled")).toBe(false));
  });

  it("a closed market: no period can be chosen and nothing can be submitted", async () => {
    periods = [period(300, false), period(86_400, false)];
    await renderTicket();
    expect((await screen.findByTestId("periods-closed")).textContent).toBe("The market is closed: no option can be placed until it opens.");
    expect(screen.getByRole("button", { name: /Buy up/ }).hasAttribute("disabled")).toBe(true);
  });

  it("every period open: no note, no hours under the periods", async () => {
    periods = [period(300, true), period(86_400, true)];
    await renderTicket();
    await screen.findByTestId("period-300");
    expect(screen.queryByTestId("periods-unavailable")).toBeNull();
    expect(screen.queryByTestId("hours")).toBeNull();
  });
});

describe("the stake", { timeout: 20_000 }, () => {
  it("says what is wrong with -10 and 0, and the explainer never shows a dash for the loss", async () => {
    periods = [period(300, true)];
    await renderTicket();
    const stake = await screen.findByLabelText("Stake");
    for (const typed of ["-10", "0"]) {
      fireEvent.change(stake, { target: { value: typed } });
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The amount must be more than 0."));
      expect(screen.getByRole("button", { name: /Buy up/ }).hasAttribute("disabled")).toBe(true);
      expect(screen.getByTestId("preview-honest").textContent).not.toContain("loses -");
    }
  });
});
