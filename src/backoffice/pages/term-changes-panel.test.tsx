import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { TermChange } from "@contract/market";
import { formatDateTime, formatRate } from "@/shared/i18n/format";
import { renderScreen } from "@/shared/testing/render-screen";
import { TermChangesPanel } from "./term-changes-panel";

const api = vi.hoisted(() => ({ list: vi.fn(), cancel: vi.fn(), notice: vi.fn() }));
vi.mock("../market-api", () => ({ getTermChanges: api.list, cancelTermChange: api.cancel, saveTermNotice: api.notice }));

const change = (over: Partial<TermChange>): TermChange => ({
  id: 1,
  symbol: "BTC/USDT",
  term: "spread_rate",
  from: "0.0004",
  to: "0.002",
  announced_at: 1_764_158_400,
  effective_at: 1_764_244_800,
  status: "pending",
  reason: null,
  notice_id: 10,
  cancel_notice_id: null,
  created_by: 1,
  applied_at: null,
  cancelled_at: null,
  cancel_reason: null,
  changes: null,
  to_config: null,
  ...over,
});

describe("announced term changes (back office)", () => {
  it("lists pending changes with their effective time; only a pending one can be cancelled, with a reason", async () => {
    api.list.mockResolvedValue({ notice_hours: 24, min_notice_hours: 24, max_notice_hours: 720, list: [change({}), change({ id: 2, status: "applied", from: "0.002", to: "0.0004" })] });
    api.cancel.mockResolvedValue(change({ status: "cancelled" }));
    const onChanged = vi.fn();
    renderScreen(<TermChangesPanel onChanged={onChanged} />);
    const pending = await screen.findByTestId("term-change-1");
    // Save is grey until the notice period is changed, and says so.
    expect(screen.getByTestId("notice-save-reason").textContent).toBe("Type a new notice period to save it.");
    fireEvent.change(screen.getByLabelText("Notice period (hours)"), { target: { value: "48" } });
    expect(screen.queryByTestId("notice-save-reason")).toBeNull();
    expect(pending.textContent).toContain(formatRate("0.002"));
    expect(pending.textContent).toContain(formatDateTime(1_764_244_800));
    expect(pending.textContent).toContain("Pending");
    expect(screen.getByTestId("term-change-2").querySelector("button")).toBeNull();

    fireEvent.click(pending.querySelector("button")!);
    const dialog = await screen.findByRole("dialog");
    const confirm = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Cancel change")!;
    // No reason, no cancellation, and the dialog says so.
    expect(confirm.disabled).toBe(true);
    expect(screen.getByTestId("cancel-reason-missing").textContent).toBe("Give the reason the audit log keeps.");
    fireEvent.change(screen.getByLabelText("Reason (audit log)"), { target: { value: "announced by mistake" } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith({ id: 1, reason: "announced by mistake" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it("lists a configuration's pending change with its lines (old -> new, worse marked) and cancels it", async () => {
    const config = change({
      id: 3,
      term: "spot.config",
      symbol: null,
      from: null,
      to: null,
      changes: [
        { scope: "default", field: "fee_rate", seconds: null, from: "0.001", to: "0.0005", worse: false },
        { scope: "BTC/USDT", field: "fee_rate", seconds: null, from: "0.001", to: "0.003", worse: true },
      ],
      to_config: { fee_rate: "0.0005", pairs: { "BTC/USDT": "0.003" } },
    });
    api.list.mockResolvedValue({ notice_hours: 24, min_notice_hours: 24, max_notice_hours: 720, list: [config] });
    api.cancel.mockResolvedValue({ ...config, status: "cancelled" });
    renderScreen(<TermChangesPanel onChanged={() => undefined} />);
    const row = await screen.findByTestId("term-change-3");
    expect(row.textContent).toContain("Spot fee rates");
    expect(row.textContent).toContain(`All other pairs · Fee rate: ${formatRate("0.001")} → ${formatRate("0.0005")}`);
    expect(row.textContent).toContain(`BTC/USDT · Fee rate: ${formatRate("0.001")} → ${formatRate("0.003")}`);
    expect(row.querySelectorAll(".badge--warn").length).toBe(2); // the worse line and the pending status
    fireEvent.click(row.querySelector("button")!);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(formatDateTime(1_764_244_800));
    fireEvent.change(screen.getByLabelText("Reason (audit log)"), { target: { value: "too soon" } });
    fireEvent.click([...dialog.querySelectorAll("button")].find((b) => b.textContent === "Cancel change")!);
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith({ id: 3, reason: "too soon" }));
  });

  it("saves the notice period the operator types", async () => {
    api.list.mockResolvedValue({ notice_hours: 24, min_notice_hours: 24, max_notice_hours: 720, list: [] });
    api.notice.mockResolvedValue({ notice_hours: 48 });
    renderScreen(<TermChangesPanel onChanged={() => undefined} />);
    const field = await screen.findByLabelText("Notice period (hours)");
    await waitFor(() => expect((field as HTMLInputElement).value).toBe("24"));
    expect(screen.getByText("No term changes announced.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "48" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.notice).toHaveBeenCalledWith({ notice_hours: "48" }));
  });
});
