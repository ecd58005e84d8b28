import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** My options open on the desk where the open ones are, when no desk was asked for. */

beforeEach(() => {
  window.history.replaceState(null, "", "/#/pages/order/trade");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      // One option open on forex and metals, none on crypto.
      if (url.pathname.endsWith("microtrade/whlists") && url.searchParams.get("status") === "open") return answerOk({ list: [], total: 1 });
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("option orders", () => {
  it("open on forex and metals when only that desk has open options", async () => {
    const { OptionsOrdersPage } = await import("./options-orders-page");
    renderScreen(<OptionsOrdersPage />);
    await waitFor(() => expect(screen.getByRole("tab", { name: "Forex & metals" }).getAttribute("aria-selected")).toBe("true"));
    expect(screen.getByRole("tab", { name: "Crypto" }).getAttribute("aria-selected")).toBe("false");
  });
});
