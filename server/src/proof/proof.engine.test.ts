import { createHash } from "node:crypto";
import { Decimal } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTree, buildTrees, pathOf, type PathStep, type ProofLeaf } from "./proof.engine";

/**
 * The tree against a verifier written here from the published hashing rules only (it shares no code with the
 * engine): SHA-256 hex of UTF-8 strings, commitment = sha256(user_id|nonce), leaf = sha256("leaf|c|balance"),
 * node = sha256("node|lh|ls|rh|rs"), odd levels paired with sha256("empty") / "0", no trailing zeros, no negative sum.
 */
const h = (s: string) => createHash("sha256").update(Buffer.from(s, "utf8")).digest("hex");
const plain = (d: Decimal) => (d.isZero() ? "0" : d.toFixed());

function verify(userId: number, nonce: string, balance: string, path: PathStep[], root: string, total: string): boolean {
  if (!/^\d+(\.\d*[1-9])?$/.test(balance)) return false;
  let hash = h(`leaf|${h(`${userId}|${nonce}`)}|${balance}`);
  let sum = new Decimal(balance);
  for (const step of path) {
    const stepSum = new Decimal(step.sum);
    if (stepSum.isNeg() || plain(stepSum) !== step.sum) return false;
    if (step.side === "right") hash = h(`node|${hash}|${plain(sum)}|${step.hash}|${step.sum}`);
    else hash = h(`node|${step.hash}|${step.sum}|${hash}|${plain(sum)}`);
    sum = sum.plus(stepSum);
  }
  return hash === root && plain(sum) === total;
}

/** Builds the root of the published rules level by level, without the engine. */
function rootOf(leaves: { commitment: string; balance: string }[]): { root: string; total: string } {
  let level = leaves.map((l) => ({ hash: h(`leaf|${l.commitment}|${l.balance}`), sum: new Decimal(l.balance) }));
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i];
      const right = level[i + 1] ?? { hash: h("empty"), sum: new Decimal(0) };
      next.push({ hash: h(`node|${left.hash}|${plain(left.sum)}|${right.hash}|${plain(right.sum)}`), sum: left.sum.plus(right.sum) });
    }
    level = next;
  }
  return { root: level[0].hash, total: plain(level[0].sum) };
}

const leavesOf = (balances: string[]): ProofLeaf[] => balances.map((balance, i) => ({ userId: i + 1, nonce: `n${i + 1}`, balance }));

function check(balances: string[], expected: { total: string; depth: number }) {
  const tree = buildTree(leavesOf(balances));
  expect(tree.total).toBe(expected.total);
  expect(tree.levels.length - 1).toBe(expected.depth);
  expect(rootOf(tree.leaves)).toEqual({ root: tree.root, total: tree.total });
  tree.leaves.forEach((leaf, index) => {
    const path = pathOf(tree.levels, index);
    expect(path).toHaveLength(expected.depth);
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, path, tree.root, tree.total)).toBe(true);
  });
  return tree;
}

describe("proof of liabilities tree", () => {
  it.each([
    { name: "one leaf is its own root", balances: ["12.5"], total: "12.5", depth: 0 },
    { name: "two leaves", balances: ["1", "2"], total: "3", depth: 1 },
    { name: "three leaves: the odd level pairs the last with the empty node", balances: ["1", "2", "3"], total: "6", depth: 2 },
    { name: "five leaves: odd on two levels", balances: ["0.1", "0.2", "0.3", "0.4", "0.5"], total: "1.5", depth: 3 },
    { name: "trailing zeros are dropped", balances: ["1.50", "2.000000000000000000"], total: "3.5", depth: 1 },
    { name: "eighteen decimals and large", balances: ["0.000000000000000001", "999999999999.999999999999999999"], total: "1000000000000", depth: 1 },
    { name: "seven leaves", balances: ["1", "1", "1", "1", "1", "1", "1"], total: "7", depth: 3 },
  ])("$name", ({ balances, total, depth }) => {
    check(balances, { total, depth });
  });

  it("a single leaf's root is its leaf hash", () => {
    const tree = buildTree([{ userId: 7, nonce: "abc", balance: "5" }]);
    expect(tree.root).toBe(h(`leaf|${h("7|abc")}|5`));
    expect(pathOf(tree.levels, 0)).toEqual([]);
  });

  it("the odd node is paired with sha256('empty') and sum 0", () => {
    const tree = buildTree(leavesOf(["1", "2", "3"]));
    const last = pathOf(tree.levels, 2);
    expect(last[0]).toEqual({ side: "right", hash: h("empty"), sum: "0" });
  });

  it("many currencies: one tree each, zero balances get no leaf", () => {
    const trees = buildTrees(
      [
        { userId: 1, currency: "USDT", balance: "10" },
        { userId: 1, currency: "BTC", balance: "0.5" },
        { userId: 2, currency: "USDT", balance: "0" },
        { userId: 3, currency: "USDT", balance: "2.25" },
        { userId: 3, currency: "ETH", balance: "1" },
      ],
      (id) => `nonce-${id}`,
    );
    expect([...trees.keys()]).toEqual(["BTC", "ETH", "USDT"]);
    expect(trees.get("USDT")!.total).toBe("12.25");
    expect(trees.get("USDT")!.leaves.map((l) => l.userId).sort()).toEqual([1, 3]);
    for (const tree of trees.values()) {
      tree.leaves.forEach((leaf, i) => expect(verify(leaf.userId, leaf.nonce, leaf.balance, pathOf(tree.levels, i), tree.root, tree.total)).toBe(true));
    }
  });

  it("a tampered leaf, sum, side, nonce or total fails", () => {
    const tree = buildTree(leavesOf(["1", "2", "3", "4", "5"]));
    const leaf = tree.leaves[1];
    const path = pathOf(tree.levels, 1);
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, path, tree.root, tree.total)).toBe(true);
    expect(verify(leaf.userId, leaf.nonce, "1.5", path, tree.root, tree.total)).toBe(false);
    expect(verify(leaf.userId, "other", leaf.balance, path, tree.root, tree.total)).toBe(false);
    expect(verify(leaf.userId + 1, leaf.nonce, leaf.balance, path, tree.root, tree.total)).toBe(false);
    const lowered = path.map((s, i) => (i === 1 ? { ...s, sum: new Decimal(s.sum).minus(1).toFixed() } : s));
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, lowered, tree.root, tree.total)).toBe(false);
    const negative = path.map((s, i) => (i === 0 ? { ...s, sum: "-1" } : s));
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, negative, tree.root, tree.total)).toBe(false);
    const flipped = path.map((s, i) => (i === 0 ? { ...s, side: s.side === "left" ? ("right" as const) : ("left" as const) } : s));
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, flipped, tree.root, tree.total)).toBe(false);
    expect(verify(leaf.userId, leaf.nonce, leaf.balance, path, tree.root, "14")).toBe(false);
  });

  it("refuses a zero balance, no leaf, or a user twice", () => {
    expect(() => buildTree([])).toThrow();
    expect(() => buildTree(leavesOf(["0"]))).toThrow();
    expect(() => buildTree([{ userId: 1, nonce: "a", balance: "1" }, { userId: 1, nonce: "a", balance: "2" }])).toThrow();
  });

  it("every leaf of any tree verifies against the independent root", () => {
    const balance = fc.tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 6 })).filter(([a, b]) => a + b > 0).map(([a, b]) => plain(new Decimal(a).plus(new Decimal(b).div(10 ** 6))));
    fc.assert(
      fc.property(fc.array(balance, { minLength: 1, maxLength: 40 }), (balances) => {
        const tree = buildTree(leavesOf(balances));
        expect(rootOf(tree.leaves)).toEqual({ root: tree.root, total: tree.total });
        tree.leaves.forEach((leaf, i) => expect(verify(leaf.userId, leaf.nonce, leaf.balance, pathOf(tree.levels, i), tree.root, tree.total)).toBe(true));
      }),
      { numRuns: 60 },
    );
  });
});
