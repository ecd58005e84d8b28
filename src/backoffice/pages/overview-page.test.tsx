import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { OperatorRole } from "@contract/backoffice";
import { PageAccessProvider } from "../page-access";
import { opensFor } from "../pages";
import { OverviewPage } from "./overview-page";
import { renderScreen } from "@/shared/testing/render-screen";

const api = vi.hoisted(() => ({ role: "admin" as OperatorRole, overview: vi.fn() }));
vi.mock("../api", () => ({
  getOverview: api.overview,
  useMe: () => ({ data: { id: 1, name: "root", role: api.role } }),
}));

const counts = { deposits: 2, withdrawals: 0, kyc: 1, loans: 0, support_chats: 3, stale_pairs: 0, push_devices: 7 };

function renderPage(role: OperatorRole) {
  api.role = role;
  return renderScreen(
    <PageAccessProvider value={opensFor(role)}>
      <OverviewPage />
    </PageAccessProvider>,
  );
}

describe("OverviewPage", () => {
  it("shows each count linked to its queue, and the setup items still to do with the page that fixes them", async () => {
    api.overview.mockResolvedValue({
      counts,
      setup: [
        { key: "deposit_addresses", done: false, missing: [] },
        { key: "support_contact", done: true, missing: [] },
        { key: "documents", done: false, missing: ["fwxy", "wire"] },
        { key: "referral_reward", done: false, missing: ["1000 USDT"], amount: { value: "1000", currency: "USDT" } },
      ],
    });
    renderPage("admin");
    const deposits = await screen.findByTestId("count-deposits");
    expect(deposits.textContent).toBe("Pending deposits2");
    expect(deposits.querySelector("a")?.getAttribute("href")).toBe("/deposits");
    expect(screen.getByTestId("count-support_chats").querySelector("a")?.getAttribute("href")).toBe("/support-chat");
    // Subscribed devices: a count only, linked nowhere.
    expect(screen.getByTestId("count-push_devices").textContent).toBe("Devices with push notifications7");
    expect(screen.getByTestId("count-push_devices").querySelector("a")).toBeNull();

    const addresses = screen.getByTestId("setup-deposit_addresses");
    expect(addresses.dataset.done).toBe("false");
    expect(addresses.textContent).toContain("Deposits are closed");
    expect(addresses.querySelector("a")?.getAttribute("href")).toBe("/funding-config");
    expect(screen.getByTestId("setup-support_contact").dataset.done).toBe("true");
    const documents = screen.getByTestId("setup-documents");
    expect(documents.textContent).toContain("Service agreement, Wire transfer");
    expect(documents.querySelector("a")?.getAttribute("href")).toBe("/documents");
    // The default reward as every amount is written (the money formatter), not the server's raw "1000 USDT".
    expect(screen.getByTestId("setup-referral_reward").textContent).toContain("1,000.00 USDT");
  });

  it("names a queue without a link when the operator's role does not open its page", async () => {
    api.overview.mockResolvedValue({ counts, setup: [{ key: "deposit_addresses", done: false, missing: [] }] });
    renderPage("support");
    const kyc = await screen.findByTestId("count-kyc");
    expect(kyc.textContent).toBe("Pending identity checks1");
    expect(kyc.querySelector("a")).toBeNull();
    // Support staff do not open the funding configuration either: the item says what is missing, without a link.
    expect(screen.getByTestId("setup-deposit_addresses").querySelector("a")).toBeNull();
    expect(screen.getByTestId("count-deposits").querySelector("a")).not.toBeNull();
  });

  it("says so when the overview cannot be loaded", async () => {
    api.overview.mockRejectedValue(new Error("offline"));
    renderPage("admin");
    expect(await screen.findByText("The overview could not be loaded.")).toBeTruthy();
  });
});
