import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import type { UserInfo } from "@contract/auth";
import { errors } from "@contract/messages";
import { hasLoginAtom, store, userInfoAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** While another domain holds withdrawals back, the button is disabled and says why, and the banner's two sentences stay apart. */

const user = { id: 1, account: "ana", review_status: 2, has_trade_password: true, google_bound: false, withdraw_locked_until: null } as unknown as UserInfo;

beforeEach(() => {
  store.set(hasLoginAtom, true);
  store.set(userInfoAtom, user);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\//, "");
      if (path === "user/info") return answerOk(user);
      if (path === "wallet/get_info") return answerOk({ currency: "USDT", min: "30", fee: "3", available: "500", pending: false, networks: ["TRC20"], decimals: 6, blocked: errors.OPEN_LEVER_TRADE.key });
      if (path === "wallet/get_address") return answerOk([{ id: 1, currency: "USDT", network: "TRC20", address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", label: "" }]);
      return answerOk({ list: [], total: 0 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("withdrawal held back by an open leveraged trade", () => {
  it("disables Withdraw with the reason beside it", async () => {
    const { WithdrawPage } = await import("./withdraw-page");
    renderScreen(<WithdrawPage />);
    const button = (await screen.findByRole("button", { name: "Withdraw" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("disabled-reason").textContent).toBe(errors.OPEN_LEVER_TRADE.en));
    const banner = screen.getAllByRole("note").find((note) => note.textContent?.includes(errors.OPEN_LEVER_TRADE.en))!;
    // Two sentences, two lines: never "trade Close your".
    expect(banner.querySelectorAll(".notice__lines > span")).toHaveLength(2);
  });
});
