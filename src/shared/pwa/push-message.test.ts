import { describe, expect, it } from "vitest";
import { PUSH_SCREENS } from "@contract/push-kinds";
import { pushNotification, pushPath } from "./push-message";

describe("pushNotification", () => {
  it("makes the server's payload a notification that opens its screen", () => {
    expect(pushNotification({ kind: "fill", title: "Spot buy order filled", body: "0.1 BTC at 60000", url: PUSH_SCREENS.spotOrders, id: 42 })).toEqual({
      title: "Spot buy order filled",
      body: "0.1 BTC at 60000",
      path: "/pages/order/trade",
      tag: "fill:42",
    });
    expect(pushNotification({ kind: "kyc", title: "Identity verified", body: "ok", url: PUSH_SCREENS.kyc })?.tag).toBe("kyc");
  });

  it.each([
    ["no payload", null],
    ["text", "hello"],
    ["an unknown kind", { kind: "promo", title: "Buy now", body: "", url: "#/" }],
    ["no title", { kind: "fill", body: "x", url: "#/" }],
  ])("refuses %s", (_what, data) => {
    expect(pushNotification(data)).toBeNull();
  });

  it("never opens anything but a route of the app", () => {
    expect(pushPath("#/pages/service/index")).toBe("/pages/service/index");
    expect(pushPath("#/pages/news/msgdetail?id=3")).toBe("/pages/news/msgdetail?id=3");
    for (const bad of ["https://evil.example/", "//evil.example", "#javascript:alert(1)", "#/pages/<x>", 42]) expect(pushPath(bad)).toBe("/pages/news/index");
  });
});
