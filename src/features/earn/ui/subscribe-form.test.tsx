import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "@lingui/core";
import { errors } from "@contract/messages";
import type { Product } from "@contract/earn";
import { store, toastsAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerJson } from "@/shared/testing/answers";

/**
 * The subscription form as a user meets it: the limits and the available balance refuse an amount before anything
 * is sent, the income per day and over the term are shown before submit, the confirmation sends one request with
 * an idempotency key, and a server refusal is shown and changes nothing on screen.
 */

const product: Product = {
  id: 7, kind: "hosting", name: "USDT hosting 30", currency: "USDT", min: "100", max: "5000", days: 30, daily_rate: "0.0015", apr: "0.5475",
  participants: 3, max_participants: 0, status: "open", early_exit_penalty_rate: "0.05", funded_by: "The rewards account pays.", risk_note: "Spreads can vanish.",
};

let sent: Record<string, unknown>[];
let earnAllowed: boolean;
let answer: () => { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  earnAllowed = true;
  store.set(toastsAtom, []);
  answer = () => ({ status: 200, body: { type: "ok", message: { id: 1 } } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith("lh/deposit")) {
        sent.push((await request.json()) as Record<string, unknown>);
        const { status, body } = answer();
        return answerJson(body, status);
      }
      const body = path.endsWith("lh/deposit/config")
        ? { type: "ok", message: [product] }
        : path.endsWith("user/features")
          ? { type: "ok", message: { options: true, leverage: true, earn: earnAllowed, loans: true, country: "ES" } }
          : { type: "ok", message: { list: [], total: 0 } };
      return answerJson(body);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderForm(available: string | null = "1000") {
  const { SubscribeForm } = await import("./subscribe-form");
  renderScreen(<SubscribeForm kind="hosting" productId={product.id} available={available} />);
  return screen.findByLabelText("Amount (USDT)");
}

const subscribeButton = () => screen.getAllByRole("button", { name: "Subscribe" })[0];

describe("the subscription form", () => {
  it("refuses amounts outside the limits or beyond the balance before anything is sent", async () => {
    const amount = await renderForm("1000");
    expect(screen.getByTestId("available").textContent).toBe("1,000.00 USDT");
    const cases: Array<[string, RegExp]> = [
      ["99.99", /The minimum is 100.00 USDT/],
      ["5000.01", /The maximum is 5,000.00 USDT/],
      ["1000.5", /More than your available 1,000.00 USDT/],
      ["100.123456789", /At most 8 decimals/],
      ["abc", /Enter a number, such as 12.5/],
      // Issue 40: each says why the button is grey, in words.
      ["0", /The amount must be more than 0/],
      ["-100", /The amount must be more than 0/],
      ["1e3", /Enter a number, such as 12.5/],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(screen.getByText(message)).toBeTruthy();
      expect(subscribeButton().hasAttribute("disabled")).toBe(true);
      expect(screen.getByTestId("preview-daily").textContent).toBe("-");
    }
    fireEvent.change(amount, { target: { value: "" } });
    expect(screen.getByTestId("disabled-reason").textContent).toBe("Enter an amount.");
    fireEvent.submit(amount.closest("form")!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows the income per day and over the term, and what an early exit returns, then subscribes once", async () => {
    const amount = await renderForm("1000");
    fireEvent.change(amount, { target: { value: "1000" } });
    expect(screen.getByTestId("preview-daily").textContent).toBe("1.50 USDT");
    expect(screen.getByTestId("preview-term").textContent).toBe("45.00 USDT");
    fireEvent.click(subscribeButton());
    const dialog = screen.getByRole("dialog", { name: "Confirm the subscription" });
    expect(within(dialog).getByText("950.00 USDT")).toBeTruthy(); // back on an early exit: 1,000 - 5 %
    fireEvent.click(within(dialog).getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ product_id: 7, amount: "1000", idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toContain("Subscribed: your order is in progress."));
  });

  it("shows the server's refusal and keeps the form as typed", async () => {
    answer = () => ({ status: 409, body: { type: "error", code: "MAX_PARTICIPANTS", message: errors.MAX_PARTICIPANTS.key } });
    const amount = await renderForm("1000");
    fireEvent.change(amount, { target: { value: "200" } });
    fireEvent.click(subscribeButton());
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toContain(i18n._(errors.MAX_PARTICIPANTS.key)));
    expect(sent).toHaveLength(1);
    expect((amount as HTMLInputElement).value).toBe("200");
  });

  it("explains instead of offering when the user's country has earn products switched off", async () => {
    earnAllowed = false;
    const { SubscribeForm } = await import("./subscribe-form");
    renderScreen(<SubscribeForm kind="hosting" productId={product.id} available="1000" />);
    expect((await screen.findByTestId("earn-unavailable")).textContent).toContain("AI arbitrage and hosting are not available in your country");
    expect(screen.queryByLabelText("Amount (USDT)")).toBeNull();
  });
});
