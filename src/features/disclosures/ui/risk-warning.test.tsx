import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { i18n } from "@lingui/core";
import type { LossShareView } from "@contract/disclosures";
import { RiskWarning } from "./risk-warning";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** The loss share as the risk warning words it: a figure, "not enough yet", or only the warning while unknown. */

let answer: () => Response;
const view = (families: LossShareView["families"]): LossShareView => ({ window_days: 90, min_accounts: 10, computed_at: 0, families });

beforeEach(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
  vi.stubGlobal("fetch", vi.fn(async () => answer()));
});
afterEach(() => vi.unstubAllGlobals());

function renderWarning(family: "leveraged" | "options") {
  renderScreen(<RiskWarning family={family} />);
  return screen.getByTestId(`risk-warning-${family}`);
}

describe("risk warning", () => {
  it("states the share of accounts that lost money on the product", async () => {
    answer = () => answerOk(view([{ family: "leveraged", accounts: 40, losing: 29, share: "0.7250" }, { family: "options", accounts: 12, losing: 9, share: "0.7500" }]));
    renderWarning("leveraged");
    expect(await screen.findByText("72.5% of accounts lost money on leveraged trading over the last 90 days.")).toBeTruthy();
  });

  it("says there are not enough settled trades yet rather than showing 0 %", async () => {
    answer = () => answerOk(view([{ family: "leveraged", accounts: 2, losing: 0, share: null }, { family: "options", accounts: 0, losing: 0, share: null }]));
    const box = renderWarning("options");
    expect(await screen.findByText("Not enough settled options yet to say how many accounts lost money over the last 90 days.")).toBeTruthy();
    expect(box.textContent).not.toContain("0%");
  });

  it("still warns when the figure cannot be loaded", async () => {
    answer = () => new Response("no", { status: 503 });
    const box = renderWarning("leveraged");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.textContent).toContain("Leverage multiplies losses");
    expect(screen.getByTestId("loss-share").textContent).toBe("");
  });
});
