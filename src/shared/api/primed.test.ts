import { afterEach, describe, expect, it, vi } from "vitest";
import { dropPrimed, prime, PRIMED_FOR_MS, takePrimed } from "./primed";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  dropPrimed();
  vi.useRealTimers();
});

describe("primed answers", () => {
  it("are taken once, under the same key however an array key is rebuilt", async () => {
    prime(["user/usermessage_unread", "en"], Promise.resolve({ unread: 2 }));
    expect(takePrimed(["user/usermessage_unread", "es"])).toBeUndefined();
    await expect(takePrimed(["user/usermessage_unread", "en"])).resolves.toEqual({ unread: 2 });
    expect(takePrimed(["user/usermessage_unread", "en"])).toBeUndefined();
  });

  it("are handed out while still on their way", async () => {
    let arrive: (value: string) => void = () => undefined;
    prime("wallet/list", new Promise<string>((resolve) => (arrive = resolve)));
    const taken = takePrimed("wallet/list");
    arrive("wallets");
    await expect(taken).resolves.toBe("wallets");
  });

  it("are dropped when they fail, so the hook asks itself", async () => {
    prime("user/info", Promise.reject(new Error("offline")));
    await settle();
    expect(takePrimed("user/info")).toBeUndefined();
  });

  it("are dropped when nobody took them in time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    prime("currency/quotation_new", Promise.resolve([]));
    await settle();
    vi.setSystemTime(Date.now() + PRIMED_FOR_MS + 1);
    expect(takePrimed("currency/quotation_new")).toBeUndefined();
  });

  it("are forgotten at logout", async () => {
    prime("support/messages", Promise.resolve({ list: [], unread: 0 }));
    dropPrimed();
    expect(takePrimed("support/messages")).toBeUndefined();
  });
});
