import { describe, expect, it } from "vitest";
import { scan, type ScanQuote } from "./scanner.engine";

const q = (venue: string, bid: string, ask: string, feeRate = "0.001"): ScanQuote => ({ venue, bid, ask, feeRate });

describe("scan: best bid and ask across venues, net of fees", () => {
  const cases: { name: string; quotes: ScanQuote[]; expected: Partial<ReturnType<typeof scan> & object> | null }[] = [
    {
      name: "a crossing wider than both fees is an opportunity",
      quotes: [q("a", "99.9", "100"), q("b", "100.5", "100.6")],
      // buy at a's 100, sell at b's 100.5: 0.5% gross, 0.2% fees, 0.3% net
      expected: { askVenue: "a", bestAsk: "100", bidVenue: "b", bestBid: "100.5", spread: "0.5", spreadRate: "0.005", feeRate: "0.002", netRate: "0.003", profitable: true, venues: 2 },
    },
    {
      name: "a crossing narrower than the fees is not",
      quotes: [q("a", "99.9", "100"), q("b", "100.1", "100.2")],
      expected: { spread: "0.1", spreadRate: "0.001", netRate: "-0.001", profitable: false },
    },
    {
      name: "no crossing: the spread is negative",
      quotes: [q("a", "99", "101"), q("b", "99.5", "100.5"), q("c", "98", "102")],
      expected: { askVenue: "b", bidVenue: "b", spread: "-1", profitable: false, venues: 3 },
    },
    {
      name: "fees differ per venue; ties go to the cheaper venue",
      quotes: [q("a", "99", "100", "0.002"), q("b", "99", "100", "0.0005"), q("c", "101", "102", "0.0005")],
      expected: { askVenue: "b", bidVenue: "c", feeRate: "0.001", netRate: "0.009", profitable: true },
    },
    {
      name: "one venue alone is never an opportunity",
      quotes: [q("a", "100", "100", "0")],
      expected: { askVenue: "a", bidVenue: "a", spread: "0", netRate: "0", profitable: false, venues: 1 },
    },
    { name: "no quotes, nothing", quotes: [], expected: null },
    { name: "broken quotes are skipped", quotes: [q("a", "0", "0")], expected: null },
  ];
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const result = scan(c.quotes);
    if (c.expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject(c.expected);
  });

  it("rounds rates down to 8 decimals (never shows more than there is)", () => {
    const result = scan([q("a", "2", "3", "0"), q("b", "3.0000001", "4", "0")]);
    expect(result?.spreadRate).toBe("0.00000003");
  });
});
