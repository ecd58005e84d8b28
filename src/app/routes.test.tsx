import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { routes, routeByPath } from "./routes";
import { App } from "./App";
import { clearSession, setToken, setUserInfo } from "@/shared/state/store";
import type { UserInfo } from "@contract/auth";
import { answerOk } from "@/shared/testing/answers";

/** Every path of the seed's section 2 table. */
const SEED_PATHS = [
  "/", "/pages/index/index", "/pages/me/index", "/pages/market/index", "/pages/strategy/index", "/pages/strategy/order",
  "/pages/uploadpayvoucher/index", "/pages/me/faq", "/pages/me/language", "/pages/kline/index", "/pages/login/index",
  "/pages/register/index", "/pages/order/trade", "/pages/order/contract", "/pages/order/strategy", "/pages/order/charge",
  "/pages/order/withdraw", "/pages/order/finance", "/pages/arbitrage/index", "/pages/arbitrage/detail",
  "/pages/arbitrage/order", "/pages/friend/index", "/pages/news/index", "/pages/news/list", "/pages/news/detail",
  "/pages/news/msgdetail", "/pages/news/jgpz", "/pages/news/dc", "/pages/news/fwxy", "/pages/news/jkxy",
  "/pages/walletrade/index", "/pages/me/google", "/pages/me/kyc", "/pages/me/email", "/pages/me/bank",
  "/pages/me/safecenter", "/pages/me/password", "/pages/me/paypassword", "/pages/tipWallet/index",
  "/pages/whdetail/index", "/pages/whdetail/order", "/pages/webview/index",
];

/** The seed's default-bar pages; the rest use the custom bar. */
const DEFAULT_BAR = [
  "/pages/login/index", "/pages/register/index", "/pages/news/index", "/pages/news/list", "/pages/news/detail",
  "/pages/news/msgdetail", "/pages/me/kyc", "/pages/me/email", "/pages/me/bank", "/pages/me/google",
  "/pages/me/safecenter", "/pages/me/password", "/pages/me/paypassword", "/pages/order/trade", "/pages/order/charge",
  "/pages/order/withdraw", "/pages/uploadpayvoucher/index",
];

const user: UserInfo = {
  id: 7, account: "tester", email: null, invite_code: "ABCDEFGH", review_status: 0, has_trade_password: false,
  google_bound: false, frozen: false, locked: false, wallet_address: null, withdraw_locked_until: null, anti_phishing_set: false, lang: "en", created_at: 0,
};

describe("route table", () => {
  it("has every route of the seed, once", () => {
    for (const path of SEED_PATHS) expect(routeByPath.has(path), path).toBe(true);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it("opens to visitors only login, register, language, webview and their companions", () => {
    const open = routes.filter((r) => r.public).map((r) => r.path).sort();
    expect(open).toEqual(["/pages/login/forget", "/pages/login/index", "/pages/me/language", "/pages/register/index", "/pages/tipWallet/index", "/pages/webview/index"]);
  });

  it("uses the default bar exactly where the seed says", () => {
    for (const path of SEED_PATHS) expect(routeByPath.get(path)!.nav, path).toBe(DEFAULT_BAR.includes(path) ? "default" : "custom");
  });

  it("spares KYC, login and register the real-name modal", () => {
    for (const path of ["/pages/me/kyc", "/pages/login/index", "/pages/register/index"]) expect(routeByPath.get(path)!.noRealNameModal).toBe(true);
    expect(routeByPath.get("/pages/me/index")!.noRealNameModal).toBeFalsy();
  });
});

describe("access guard and real-name modal", () => {
  // The server answers the start-up's user/info with the same user (the shell is what is under test here).
  beforeEach(() => {
    vi.stubGlobal("fetch", async () => answerOk(user));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends a visitor on a protected route to login", async () => {
    await clearSession();
    window.location.hash = "#/pages/me/safecenter";
    render(<App />);
    await waitFor(() => expect(window.location.hash).toBe("#/pages/login/index"));
    // The login screen is a lazy route: loading it takes longer than findBy's default second on a busy machine.
    expect(await screen.findByRole("heading", { name: "Log in" }, { timeout: 5_000 })).toBeTruthy();
  });

  it("shows the real-name modal to a user with review_status 0, with a button to KYC", async () => {
    await setToken("t");
    await setUserInfo(user);
    window.location.hash = "#/pages/me/safecenter";
    render(<App />);
    // The screen opens first; the reminder follows once the page has settled (here: the 2 s without an idle callback).
    expect(await screen.findByRole("heading", { name: "Security centre" }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const dialog = await screen.findByRole("dialog", { name: "Real-name verification" }, { timeout: 5_000 });
    expect(dialog.textContent).toContain("Please complete real-name verification first.");
    await act(async () => screen.getByRole("button", { name: "Verify now" }).click());
    await waitFor(() => expect(window.location.hash).toBe("#/pages/me/kyc"));
    expect(screen.queryByRole("dialog")).toBeNull();
    await clearSession();
  });
});

describe("links with the query inside the hash", () => {
  it("are rewritten so the router sees path and query", async () => {
    const { normalizeHashQuery } = await import("@/shared/lib/hash-location");
    window.history.replaceState(null, "", "/#/pages/news/detail?id=2");
    expect(normalizeHashQuery()).toBe(true);
    expect(window.location.hash).toBe("#/pages/news/detail");
    expect(window.location.search).toBe("?id=2");
    expect(normalizeHashQuery()).toBe(false);
  });
});

describe("a screen's query", () => {
  it("does not follow the user to the next screen", async () => {
    const { navigateFresh: navigate } = await import("@/shared/lib/hash-location");
    window.history.replaceState(null, "", "/?tab=options&desk=crypto&status=settled#/pages/order/trade");
    navigate("/pages/arbitrage/index");
    expect(window.location.hash).toBe("#/pages/arbitrage/index");
    expect(window.location.search).toBe("");
    navigate("/pages/order/trade?tab=loans");
    expect(window.location.search).toBe("?tab=loans");
  });
});
