import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cross } from "./trailing";
import { crossedBy, firedUser, TriggerBook, type Trigger, type Watch } from "./trigger-book";
import { levelOf } from "./trailing";

const t = (key: string, watch: Watch, cross: Cross, level: string, symbol = "BTC/USDT", owner = key): Trigger => ({ key, owner, symbol, watch, cross, level });
const obs = (bid: string, ask: string, atMs = 0, symbol = "BTC/USDT") => ({ symbol, price: bid, bid, ask, atMs });
const keys = (fired: ReturnType<TriggerBook["evaluate"]>) => fired.flatMap((f) => f.fired.map((x) => x.trigger.key)).sort();

describe("TriggerBook", () => {
  const cases: Array<{ name: string; trigger: Trigger; bid: string; ask: string; atMs?: number; fires: boolean }> = [
    { name: "long take-profit: bid exactly at the level fires", trigger: t("tp", "bid", "up", "100"), bid: "100", ask: "101", fires: true },
    { name: "long take-profit: bid one tick below does not", trigger: t("tp", "bid", "up", "100"), bid: "99.99", ask: "100.01", fires: false },
    { name: "long stop: bid exactly at the stop fires", trigger: t("sl", "bid", "down", "90"), bid: "90", ask: "90.1", fires: true },
    { name: "long stop: a gap far through the stop fires", trigger: t("sl", "bid", "down", "90"), bid: "42", ask: "43", fires: true },
    { name: "long stop: the ask crossing does not count", trigger: t("sl", "bid", "down", "90"), bid: "90.01", ask: "89", fires: false },
    { name: "short stop: ask at the stop fires", trigger: t("ssl", "ask", "up", "110"), bid: "109.9", ask: "110", fires: true },
    { name: "short stop: bid above but ask below does not", trigger: t("ssl", "ask", "up", "110"), bid: "111", ask: "109.99", fires: false },
    { name: "limit buy: ask at or below the limit fires", trigger: t("lb", "ask", "down", "95"), bid: "94", ask: "95", fires: true },
    { name: "expiry: a tick at the expiry fires", trigger: t("x", "time", "up", "5000"), bid: "1", ask: "1", atMs: 5000, fires: true },
    { name: "expiry: a tick 1 ms before does not", trigger: t("x", "time", "up", "5000"), bid: "1", ask: "1", atMs: 4999, fires: false },
  ];
  it.each(cases)("$name", ({ trigger, bid, ask, atMs, fires }) => {
    const book = new TriggerBook();
    book.add(trigger);
    expect(keys(book.evaluate(obs(bid, ask, atMs ?? 0)))).toEqual(fires ? [trigger.key] : []);
    expect(book.size).toBe(fires ? 0 : 1);
  });

  it("an owner fires once: its other triggers leave with the one that crossed", () => {
    const book = new TriggerBook();
    book.add(t("p1:tp", "bid", "up", "120", "BTC/USDT", "p1"));
    book.add(t("p1:sl", "bid", "down", "90", "BTC/USDT", "p1"));
    book.add(t("p1:liq", "bid", "down", "80", "BTC/USDT", "p1"));
    const fired = book.evaluate(obs("79", "80"));
    expect(fired).toHaveLength(1);
    expect(fired[0].owner).toBe("p1");
    expect(fired[0].fired.map((f) => f.trigger.key).sort()).toEqual(["p1:liq", "p1:sl"]);
    expect(book.size).toBe(0);
  });

  it("symbols are apart, and replacing an owner's triggers re-arms it", () => {
    const book = new TriggerBook();
    book.add(t("a", "bid", "down", "90", "ETH/USDT"));
    expect(book.evaluate(obs("10", "11"))).toEqual([]);
    book.replaceOwner("a", [t("a2", "bid", "down", "5", "BTC/USDT", "a")]);
    expect(book.has("a")).toBe(false);
    expect(keys(book.evaluate(obs("4", "5")))).toEqual(["a2"]);
  });

  it("removes one trigger among many at the same level", () => {
    const book = new TriggerBook();
    for (let i = 0; i < 5; i++) book.add(t(`k${i}`, "bid", "down", "90"));
    book.remove("k2");
    expect(keys(book.evaluate(obs("90", "91")))).toEqual(["k0", "k1", "k3", "k4"]);
  });

  it("removed triggers never fire, before and after the list is compacted", () => {
    const book = new TriggerBook();
    for (let i = 0; i < 300; i++) book.add(t(`k${i}`, "bid", "down", String(100 + i)));
    for (let i = 0; i < 300; i++) if (i % 4) book.remove(`k${i}`);
    expect(book.size).toBe(75);
    expect(keys(book.evaluate(obs("300", "301")))).toEqual(["k200", "k204", "k208", "k212", "k216", "k220", "k224", "k228", "k232", "k236", "k240", "k244", "k248", "k252", "k256", "k260", "k264", "k268", "k272", "k276", "k280", "k284", "k288", "k292", "k296"].sort());
    expect(keys(book.evaluate(obs("0", "1")))).toHaveLength(50);
    expect(book.size).toBe(0);
  });

  it("what a tick fired is gone at once, though its keys leave the maps over later ticks; a key armed again stays", () => {
    const book = new TriggerBook();
    // More than one tick's sweep: the keys of most of these owners are still in the maps for several ticks.
    for (let i = 0; i < 3_000; i++) {
      book.add(t(`p${i}:tp`, "bid", "up", "120", "BTC/USDT", `p${i}`));
      book.add(t(`p${i}:sl`, "bid", "down", String(50 + (i % 40)), "BTC/USDT", `p${i}`));
    }
    expect(book.evaluate(obs("120", "121"))).toHaveLength(3_000);
    expect(book.size).toBe(0);
    expect(book.has("p7:sl")).toBe(false);
    expect(book.ownerKeys("p7")).toEqual([]);
    book.removeOwner("p8");
    // Re-armed while their old keys wait for the sweep (as a settlement re-arms what remains of an owner).
    for (let i = 0; i < 3_000; i += 2) book.add(t(`p${i}:sl`, "bid", "down", "80", "BTC/USDT", `p${i}`));
    expect(book.size).toBe(1_500);
    for (let n = 0; n < 40; n++) expect(book.evaluate(obs("100", "101"))).toEqual([]);
    expect(book.size).toBe(1_500);
    expect(book.has("p2:sl")).toBe(true);
    expect(book.has("p3:sl")).toBe(false);
    expect(book.ownerKeys("p2999")).toEqual([]);
    expect(book.ownerKeys("p2998")).toEqual(["p2998:sl"]);
    const fired = book.evaluate(obs("80", "81"));
    expect(fired.map((f) => f.owner).sort()).toEqual(Array.from({ length: 1_500 }, (_, i) => `p${i * 2}`).sort());
    expect(book.size).toBe(0);
  });

  it("a book loaded at once fires like one built trigger by trigger", () => {
    const triggers = Array.from({ length: 200 }, (_, i) => t(`k${i}`, i % 2 ? "bid" : "ask", i % 3 ? "up" : "down", String(50 + ((i * 37) % 100)), "BTC/USDT", `o${i % 50}`));
    const one = new TriggerBook();
    for (const x of triggers) one.add(x);
    const many = new TriggerBook();
    many.addMany(triggers);
    for (const [bid, ask] of [["60", "61"], ["140", "141"], ["20", "21"], ["100", "100"]]) {
      expect(keys(many.evaluate(obs(bid, ask)))).toEqual(keys(one.evaluate(obs(bid, ask))));
    }
    expect(many.size).toBe(one.size);
  });

  it("fires exactly what a full scan would, over random books and tick paths", () => {
    const watch = fc.constantFrom<Watch>("bid", "ask");
    const cross = fc.constantFrom<Cross>("up", "down");
    const level = fc.integer({ min: 1, max: 200 }).map((n) => (n / 2).toFixed(1));
    const op = fc.oneof(
      fc.record({ op: fc.constant("add" as const), key: fc.integer({ min: 0, max: 30 }), owner: fc.integer({ min: 0, max: 10 }), watch, cross, level }),
      fc.record({ op: fc.constant("remove" as const), key: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ op: fc.constant("tick" as const), bid: fc.integer({ min: 1, max: 200 }), spread: fc.integer({ min: 0, max: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const book = new TriggerBook();
        const model = new Map<string, Trigger>();
        for (const o of ops) {
          if (o.op === "add") {
            const trigger = t(`k${o.key}`, o.watch, o.cross, o.level, "BTC/USDT", `o${o.owner}`);
            book.add(trigger);
            model.set(trigger.key, trigger);
          } else if (o.op === "remove") {
            book.remove(`k${o.key}`);
            model.delete(`k${o.key}`);
          } else {
            const bid = o.bid / 2;
            const ask = bid + o.spread / 2;
            const value = (x: Trigger) => (x.watch === "bid" ? bid : ask);
            const crossed = [...model.values()].filter((x) => (x.cross === "up" ? value(x) >= Number(x.level) : value(x) <= Number(x.level)));
            const owners = new Set(crossed.map((x) => x.owner));
            const fired = book.evaluate(obs(bid.toFixed(1), ask.toFixed(1)));
            expect(keys(fired)).toEqual(crossed.map((x) => x.key).sort());
            for (const [key, x] of model) if (owners.has(x.owner)) model.delete(key);
          }
          expect(book.size).toBe(model.size);
          for (let key = 0; key <= 30; key++) expect(book.has(`k${key}`)).toBe(model.has(`k${key}`));
          for (let owner = 0; owner <= 10; owner++) {
            const own = [...model.values()].filter((x) => x.owner === `o${owner}`).map((x) => x.key);
            expect(book.ownerKeys(`o${owner}`).sort()).toEqual(own.sort());
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("a trailing trigger in the book", () => {
  // A long's trailing stop at 1 %, armed at 1,000 ms with a best bid of 100.00 (its level 99.00).
  const trailing = (): Trigger & { trail: NonNullable<Trigger["trail"]> } => {
    const trail = { rate: "0.01", best: "100.00", precision: 2, atMs: 1_000 };
    return { key: "p:1:sl", owner: "p:1", symbol: "BTC/USDT", watch: "bid", cross: "down", level: levelOf(trail, "down"), trail };
  };

  it("moves with a fresh better tick, is reported once, then fires on the bid at its level", () => {
    const book = new TriggerBook();
    const sl = trailing();
    book.add(sl);
    expect(book.evaluate(obs("110.00", "110.10", 2_000))).toEqual([]);
    expect(sl).toMatchObject({ level: "108.90", trail: { best: "110.00", atMs: 2_000 } });
    expect(book.takeMoved().map((x) => [x.key, x.level])).toEqual([["p:1:sl", "108.90"]]);
    expect(book.takeMoved()).toEqual([]);
    expect(keys(book.evaluate(obs("108.90", "109.00", 3_000)))).toEqual(["p:1:sl"]);
  });

  it("a stale tick (older than its last move, or than its arming) neither moves nor fires it", () => {
    const book = new TriggerBook();
    const sl = trailing();
    book.add(sl);
    // Older than the arming: a higher bid moves nothing, a bid through the level fires nothing.
    expect(book.evaluate(obs("150.00", "150.10", 999))).toEqual([]);
    expect(book.evaluate(obs("50.00", "50.10", 999))).toEqual([]);
    expect(sl.level).toBe("99.00");
    expect(book.takeMoved()).toEqual([]);
    // Moved at 5,000 ms; a tick of 4,000 ms delivered after it, higher still or through the level, changes nothing.
    book.evaluate(obs("110.00", "110.10", 5_000));
    book.takeMoved();
    expect(book.evaluate(obs("130.00", "130.10", 4_000))).toEqual([]);
    expect(book.evaluate(obs("100.00", "100.10", 4_000))).toEqual([]);
    expect(sl).toMatchObject({ level: "108.90", trail: { best: "110.00", atMs: 5_000 } });
    expect(book.takeMoved()).toEqual([]);
    expect(book.size).toBe(1);
  });

  it("a replay of remembered ticks (crossedBy) skips the stale ones too", () => {
    const sl = trailing();
    expect(crossedBy([sl], obs("120.00", "120.10", 5_000))).toEqual([]);
    expect(sl.level).toBe("118.80");
    expect(crossedBy([sl], obs("118.00", "118.10", 4_000))).toEqual([]);
    expect(crossedBy([sl], obs("118.00", "118.10", 6_000)).map((f) => f.trigger.key)).toEqual(["p:1:sl"]);
  });
});

describe("firedUser", () => {
  const fired = (user?: number) => ({ trigger: { key: "p:1:sl", owner: "p:1", symbol: "BTC/USDT", watch: "bid" as const, cross: "down" as const, level: "1", user }, observed: "1" });
  it.each([
    ["the user its triggers name", [fired(7), fired(7)], 7],
    ["0 when they name none", [fired()], 0],
    ["0 when nothing fired", [], 0],
  ])("%s", (_name, list, user) => {
    expect(firedUser({ owner: "p:1", fired: list })).toBe(user);
  });
});
