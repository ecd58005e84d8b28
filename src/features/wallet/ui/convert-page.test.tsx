import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FlashPair } from "@contract/wallet";
import { activateLanguage, screensCatalogueReady } from "@/shared/i18n/i18n";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** A conversion is asked once more with its rate, fee and what arrives; nothing is sent before the confirmation. */

const pair: FlashPair = { from: "USDT", to: "BTC", rate: "0.00001", fee_rate: "0.002", min: "10", max: "10000", from_decimals: 2, to_decimals: 8 };
let converted: Record<string, unknown>[];

beforeEach(() => {
  converted = [];
  store.set(hasLoginAtom, true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\//, "");
      if (path === "wallet/flashAgainstList") return answerOk([pair]);
      if (path === "wallet/list") return answerOk([{ currency: "USDT", available: "500.25", frozen: "0", value_usdt: "500.25" }]);
      if (path === "wallet/flashAgainst") {
        converted.push((await request.json()) as Record<string, unknown>);
        return answerOk({ id: 1, from: "USDT", to: "BTC", amount: "100", fee: "0.2", received: "0.000998", rate: "0.00001", created_at: 1_700_000_000 });
      }
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage("en");
});

describe("convert page", () => {
  it("writes its limits in the placeholder with the money formatter (grouped), not the raw wire digits", async () => {
    const { ConvertPage } = await import("./convert-page");
    renderScreen(<ConvertPage />);
    expect((await screen.findByLabelText("Amount")).getAttribute("placeholder")).toBe("10.00 to 10,000.00");
  });

  it("shows the rate, the fee and what arrives in a confirmation, and converts only once confirmed", async () => {
    const { ConvertPage } = await import("./convert-page");
    renderScreen(<ConvertPage />);
    fireEvent.change(await screen.findByLabelText("Amount"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Convert" }));
    const dialog = await screen.findByRole("dialog", { name: "Convert 100.00 USDT to BTC?" });
    const figures = within(dialog).getByTestId("convert-confirm");
    expect(figures.textContent).toContain("Rate");
    expect(figures.textContent).toContain("0.2");
    expect(figures.textContent).toContain("BTC");
    expect(converted).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Convert" }));
    await waitFor(() => expect(converted).toHaveLength(1));
    expect(converted[0]).toMatchObject({ from: "USDT", to: "BTC", amount: "100" });
  });

  it("writes the amount with the reader's decimal comma in es, typed or filled by Max, and sends the wire's point", async () => {
    await activateLanguage("es");
    await screensCatalogueReady();
    const { ConvertPage } = await import("./convert-page");
    renderScreen(<ConvertPage />);
    const amount = (await screen.findByLabelText("Importe")) as HTMLInputElement;
    fireEvent.click(await screen.findByRole("button", { name: "Máx." }));
    expect(amount.value).toBe("500,25");
    fireEvent.change(amount, { target: { value: "100.5" } });
    expect(amount.value).toBe("100,5");
    fireEvent.change(amount, { target: { value: "100,75" } });
    expect(amount.value).toBe("100,75");
    fireEvent.click(screen.getByRole("button", { name: "Convertir" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Convertir" }));
    await waitFor(() => expect(converted).toHaveLength(1));
    expect(converted[0]).toMatchObject({ amount: "100.75" });
  });
});
