import { describe, expect, it } from "vitest";
import { CAUSE_KINDS, ENTRY_KINDS, twoPhaseKind } from "./kinds";
import type { Cause, EntryInput } from "./posting";

describe("transfer kinds", () => {
  it("lists each kind once, and the kinds a hold without its own is named by", () => {
    expect(new Set(ENTRY_KINDS).size).toBe(ENTRY_KINDS.length);
    expect(new Set(CAUSE_KINDS).size).toBe(CAUSE_KINDS.length);
    for (const step of ["hold", "settle", "release"] as const) expect(ENTRY_KINDS).toContain(twoPhaseKind("withdrawal", step));
  });

  it("refuses a kind the lists do not name when typechecked", () => {
    // @ts-expect-error: a typo of "withdrawal" is no cause
    const cause: Cause = { kind: "withdrawl", id: 1 };
    // @ts-expect-error: nor of "deposit" an entry kind
    const kind: EntryInput["kind"] = "deposti";
    expect([cause.kind, kind]).toEqual(["withdrawl", "deposti"]);
  });
});
