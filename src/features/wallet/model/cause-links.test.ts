import { describe, expect, it } from "vitest";
import { causeHref } from "./cause-links";

describe("the link from a finance record to its cause", () => {
  it.each([
    ["deposit", null, "/pages/order/charge"],
    ["withdrawal", null, "/pages/order/withdraw?tab=records"],
    ["spot_order", null, "/pages/order/trade"],
    ["position", "crypto", "/pages/order/contract"],
    ["position", "forex", "/pages/whdetail/order"],
    ["option", "forex", "/pages/strategy/order?desk=forex&status=settled"],
    ["option", null, "/pages/strategy/order?desk=crypto&status=settled"],
    ["earn", "hosting", "/pages/hosting/order"],
    ["earn", "arbitrage", "/pages/arbitrage/order"],
    ["loan", null, "/pages/loan/records"],
    ["referral", null, "/pages/friend/index"],
    ["adjustment", null, null],
    ["something.new", null, null],
  ] as const)("%s (%s) -> %s", (cause_kind, cause_desk, href) => {
    expect(causeHref({ cause_kind, cause_desk })).toBe(href);
  });
});
