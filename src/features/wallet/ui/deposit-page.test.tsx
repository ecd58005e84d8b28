import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { activateLanguage, screensCatalogueReady } from "@/shared/i18n/i18n";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk, answerRefused } from "@/shared/testing/answers";

/**
 * The deposit amount says what is wrong as it is typed, naming the rule in the reader's language and digits, keeps
 * Submit disabled with the reason beside it, and a refusal goes once the amount is edited.
 */

beforeEach(() => {
  store.set(hasLoginAtom, true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\//, "");
      if (path === "wallet/get_in_address") return answerOk({ currency: "USDT", address: "TXYZ", network: "TRC20", min: "10", max: "1000000", networks: ["TRC20"] });
      if (path === "wallet/charge_req") return answerRefused("AMOUNT_ABOVE_MAX", "amount");
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage("en");
});

const submitButton = () => screen.getByRole("button", { name: /Submit for review|Enviar a revisión/ }) as HTMLButtonElement;

describe("deposit amount", () => {
  it("refuses what is not an amount, with the rule named, and clears it once the amount is valid", async () => {
    const { DepositPage } = await import("./deposit-page");
    renderScreen(<DepositPage />);
    const amount = await screen.findByLabelText("Amount sent");
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByTestId("disabled-reason").textContent).toBe("Enter an amount.");
    fireEvent.change(amount, { target: { value: "abc" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter a number, such as 12.5.");
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(amount, { target: { value: "12.1234567" } });
    expect(screen.getByRole("alert").textContent).toBe("At most 6 decimals.");
    fireEvent.change(amount, { target: { value: "5" } });
    expect(screen.getByRole("alert").textContent).toBe("The minimum is 10.00 USDT.");
    fireEvent.change(amount, { target: { value: "2000000" } });
    expect(screen.getByRole("alert").textContent).toBe("The maximum is 1,000,000.00 USDT.");
    fireEvent.change(amount, { target: { value: "50" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names the minimum in Spanish, with Spanish digits", async () => {
    await activateLanguage("es");
    await screensCatalogueReady();
    const { DepositPage } = await import("./deposit-page");
    renderScreen(<DepositPage />);
    await screen.findByTestId("deposit-address");
    fireEvent.change(document.querySelector("input[name=amount]")!, { target: { value: "2000000" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("El máximo es 1.000.000,00 USDT."));
  });
});
