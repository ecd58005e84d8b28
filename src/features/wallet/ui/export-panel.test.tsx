import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { hasLoginAtom, setToken, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerRefused } from "@/shared/testing/answers";

/** The export: the chosen kind and days go to finance/export with the token, and the CSV is saved under its name. */

let asked: Request[];
let refuse = false;
const saved: string[] = [];

beforeEach(() => {
  asked = [];
  refuse = false;
  store.set(hasLoginAtom, true);
  setToken("token-of-the-test");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      asked.push(request);
      if (refuse) return answerRefused("EXPORT_RANGE_TOO_LONG");
      return new Response("\uFEFFtime,currency\r\n", { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="tradewise-trades-2026-03-01-2026-03-31.csv"' } });
    }),
  );
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:test", revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("export panel", () => {
  it("asks for the chosen kind over whole local days with the token and saves the file under the server's name", async () => {
    const { ExportPanel } = await import("./export-panel");
    renderScreen(<ExportPanel />);
    fireEvent.click(screen.getByTestId("export-toggle"));
    fireEvent.change(screen.getByLabelText("What to export"), { target: { value: "trades" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-31" } });
    fireEvent.click(screen.getByTestId("export-download"));
    await waitFor(() => expect(saved).toEqual(["tradewise-trades-2026-03-01-2026-03-31.csv"]));
    const url = new URL(asked[0].url);
    expect(url.pathname).toBe("/api/finance/export");
    expect(asked[0].headers.get("authorization")).toBe("token-of-the-test");
    expect(url.searchParams.get("kind")).toBe("trades");
    expect(Number(url.searchParams.get("from"))).toBe(new Date(2026, 2, 1).getTime() / 1000);
    expect(Number(url.searchParams.get("to"))).toBe(new Date(2026, 3, 1).getTime() / 1000 - 1);
  });

  it("shows the server's refusal and saves nothing", async () => {
    refuse = true;
    saved.length = 0;
    const { ExportPanel } = await import("./export-panel");
    renderScreen(<ExportPanel />);
    fireEvent.click(screen.getByTestId("export-toggle"));
    fireEvent.click(screen.getByTestId("export-download"));
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect((screen.getByTestId("export-download") as HTMLButtonElement).disabled).toBe(false));
    expect(saved).toEqual([]);
  });
});
