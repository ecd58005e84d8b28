import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MyProof } from "@contract/proof";
import { verifyProof } from "./verify";

const h = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/** A two-leaf tree and a three-leaf tree built here from the published rules. */
function proofOf(): MyProof {
  const c1 = h("1|n1");
  const c2 = h("2|n2");
  const l1 = h(`leaf|${c1}|12.5`);
  const l2 = h(`leaf|${c2}|0.5`);
  const n = h(`node|${l1}|12.5|${l2}|0.5`);
  const root = h(`node|${n}|13|${h("empty")}|0`);
  return {
    currency: "USDT",
    leaf: { commitment: c2, balance: "0.5", user_id: 2, nonce: "n2" },
    path: [
      { side: "left", hash: l1, sum: "12.5" },
      { side: "right", hash: h("empty"), sum: "0" },
    ],
    root,
    total: "13",
  };
}

describe("verify my balance", () => {
  it("recomputes a path with WebCrypto and shows each step", async () => {
    const result = await verifyProof(proofOf());
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => s.kind)).toEqual(["commitment", "leaf", "node", "node", "root"]);
  });

  it.each([
    ["balance", (p: MyProof) => ({ ...p, leaf: { ...p.leaf, balance: "0.6" } })],
    ["nonce", (p: MyProof) => ({ ...p, leaf: { ...p.leaf, nonce: "x" } })],
    ["sibling sum", (p: MyProof) => ({ ...p, path: [{ ...p.path[0], sum: "11.5" }, p.path[1]] })],
    ["negative sum", (p: MyProof) => ({ ...p, path: [{ ...p.path[0], sum: "-12.5" }, p.path[1]] })],
    ["side", (p: MyProof) => ({ ...p, path: [{ ...p.path[0], side: "right" as const }, p.path[1]] })],
    ["total", (p: MyProof) => ({ ...p, total: "14" })],
  ])("fails when the %s is tampered with", async (_name, tamper) => {
    expect((await verifyProof(tamper(proofOf()))).ok).toBe(false);
  });

  it("keeps sums exact and refuses a negative or malformed balance", async () => {
    for (const balance of ["-1", "-0", "+1", " 1", "1e3", "0.0000000000000000001"]) {
      expect((await verifyProof({ ...proofOf(), leaf: { ...proofOf().leaf, balance } })).ok, balance).toBe(false);
    }
  });
});
