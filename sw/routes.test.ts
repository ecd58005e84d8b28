import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/shared/state/store";
import { isPublicImage, marketDataPath, newsPath, SESSION_KEYS } from "./routes";

describe("what the service worker caches", () => {
  it.each([
    ["/api/currency/quotation_new", true],
    ["/api/currency/whlist", true],
    ["/api/currency/new_timeshar", true],
    ["/api/currency/whkdata", true],
    ["/api/currency/pairs", false],
    ["/api/wallet/list", false],
    ["/api/user/info", false],
    ["/currency/quotation_new", false],
  ])("market data: %s -> %s", (pathname, expected) => {
    expect(marketDataPath(pathname, "/api/")).toBe(expected);
  });

  it("works under a sub-folder", () => {
    expect(marketDataPath("/app/api/currency/quotation_new", "/app/api/")).toBe(true);
    expect(marketDataPath("/api/currency/quotation_new", "/app/api/")).toBe(false);
    expect(newsPath("/app/api/news/list", "/app/api/")).toBe(true);
  });

  it.each([
    ["/api/news/list", true],
    ["/api/news/detail", true],
    ["/api/news/faq", false],
    ["/api/user/usermessage", false],
    ["/api/user/usermessage_detail", false],
  ])("news: %s -> %s", (pathname, expected) => {
    expect(newsPath(pathname, "/api/")).toBe(expected);
  });

  it.each([
    ["/icons/icon-192.png", true],
    ["/favicon.svg", true],
    ["/api/news/image/12", true],
    ["/api/news/image/12/../../wallet", false],
    ["/api/wallet/voucher", false],
    ["/api/user/kyc/front", false],
  ])("images: %s -> %s", (pathname, expected) => {
    expect(isPublicImage(pathname, "/api/")).toBe(expected);
  });

  it("reads the session under the keys the app stores it", () => {
    expect(SESSION_KEYS.token).toBe(STORAGE_KEYS.token);
    expect(SESSION_KEYS.userInfo).toBe(STORAGE_KEYS.userInfo);
    expect(SESSION_KEYS.lang).toBe(STORAGE_KEYS.lang);
  });
});
