import { hash } from "node:crypto";

/**
 * The Merkle-sum tree of the proof of liabilities, exactly as the trust page publishes it (so anyone can verify
 * without this code): SHA-256, hex lower case, over UTF-8 strings.
 * - commitment = sha256(user_id + "|" + nonce)
 * - leaf hash  = sha256("leaf|" + commitment + "|" + balance)
 * - node hash  = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum), sum = left + right
 * - a level with an odd count pairs its last node with the empty node (hash sha256("empty"), sum "0")
 * - levels are built until one node remains; a single leaf is its own root.
 * Balances and sums are decimal strings with no trailing zeros. Pure: no database, clock or randomness.
 */

export const sha256 = (text: string): string => hash("sha256", text, "hex");

export const EMPTY_HASH = sha256("empty");
export const EMPTY_SUM = "0";

export const commitmentOf = (userId: number | string, nonce: string): string => sha256(`${userId}|${nonce}`);
export const leafHashOf = (commitment: string, balance: string): string => sha256(`leaf|${commitment}|${balance}`);
export const nodeHashOf = (leftHash: string, leftSum: string, rightHash: string, rightSum: string): string =>
  sha256(`node|${leftHash}|${leftSum}|${rightHash}|${rightSum}`);

/** Balances are added as integers of 10^-18 (NUMERIC(36,18)'s step): exact, and far quicker than decimals. */
const SCALE = 18;
const DECIMAL = /^(\d+)(?:\.(\d{1,18}))?$/;

/** "12.50" -> 12500000000000000000n. Throws on anything but a plain non-negative decimal of at most 18 places. */
export function toUnits(value: string): bigint {
  const m = DECIMAL.exec(value);
  if (!m) throw new Error(`not a non-negative decimal of at most ${SCALE} places: ${value}`);
  return BigInt(m[1] + (m[2] ?? "").padEnd(SCALE, "0"));
}

/** 12500000000000000000n -> "12.5": plain notation, no trailing zeros, "0" for zero. */
export function fromUnits(units: bigint): string {
  const digits = units.toString().padStart(SCALE + 1, "0");
  const whole = digits.slice(0, -SCALE).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(-SCALE).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

export interface ProofLeaf {
  userId: number;
  nonce: string;
  /** available + frozen, a wire decimal (no trailing zeros), positive. */
  balance: string;
}

export interface PlacedLeaf extends ProofLeaf {
  commitment: string;
}

/** One level of the tree: node hashes and sums, index-aligned. Level 0 holds the leaves. */
export interface ProofLevel {
  hashes: string[];
  sums: string[];
}

export interface ProofTree {
  /** The leaves in tree order (by commitment, so the order says nothing about accounts). */
  leaves: PlacedLeaf[];
  /** levels[0] = leaves ... levels[last] = [root]. */
  levels: ProofLevel[];
  root: string;
  total: string;
}

export interface PathStep {
  /** The side on which the sibling stands. */
  side: "left" | "right";
  hash: string;
  sum: string;
}

/** Builds one currency's tree. Throws on no leaf, a zero or negative balance, or a duplicate user (bugs of the caller). */
export function buildTree(input: readonly ProofLeaf[]): ProofTree {
  if (input.length === 0) throw new Error("a proof tree needs at least one leaf");
  const leaves: PlacedLeaf[] = input.map((leaf) => {
    const balance = toUnits(leaf.balance);
    if (balance <= 0n) throw new Error(`only positive balances get a leaf (user ${leaf.userId}: ${leaf.balance})`);
    return { ...leaf, balance: fromUnits(balance), commitment: commitmentOf(leaf.userId, leaf.nonce) };
  });
  leaves.sort((a, b) => (a.commitment < b.commitment ? -1 : a.commitment > b.commitment ? 1 : 0));
  for (let i = 1; i < leaves.length; i++) {
    if (leaves[i].commitment === leaves[i - 1].commitment) throw new Error(`user ${leaves[i].userId} has two leaves`);
  }
  let hashes = leaves.map((leaf) => leafHashOf(leaf.commitment, leaf.balance));
  let sums: bigint[] = leaves.map((leaf) => toUnits(leaf.balance));
  const levels: ProofLevel[] = [{ hashes, sums: leaves.map((leaf) => leaf.balance) }];
  while (hashes.length > 1) {
    const nextHashes: string[] = [];
    const nextSums: bigint[] = [];
    for (let i = 0; i < hashes.length; i += 2) {
      const leftSum = levels[levels.length - 1].sums[i];
      const hasRight = i + 1 < hashes.length;
      const rightHash = hasRight ? hashes[i + 1] : EMPTY_HASH;
      const rightSum = hasRight ? levels[levels.length - 1].sums[i + 1] : EMPTY_SUM;
      const sum = hasRight ? sums[i] + sums[i + 1] : sums[i];
      nextHashes.push(nodeHashOf(hashes[i], leftSum, rightHash, rightSum));
      nextSums.push(sum);
    }
    hashes = nextHashes;
    sums = nextSums;
    levels.push({ hashes, sums: sums.map(fromUnits) });
  }
  const top = levels[levels.length - 1];
  return { leaves, levels, root: top.hashes[0], total: top.sums[0] };
}

/** Where sibling `level` of the leaf at `index` stands (the index of the sibling on that level, and its side). */
export function siblingAt(index: number, level: number): { index: number; side: "left" | "right" } {
  const at = Math.floor(index / 2 ** level);
  return at % 2 === 0 ? { index: at + 1, side: "right" } : { index: at - 1, side: "left" };
}

/** The path from the leaf at `index` to the root: one sibling per level below the root. */
export function pathOf(levels: readonly ProofLevel[], index: number): PathStep[] {
  const path: PathStep[] = [];
  for (let level = 0; level < levels.length - 1; level++) {
    const sibling = siblingAt(index, level);
    const nodes = levels[level];
    const exists = sibling.index < nodes.hashes.length;
    path.push({ side: sibling.side, hash: exists ? nodes.hashes[sibling.index] : EMPTY_HASH, sum: exists ? nodes.sums[sibling.index] : EMPTY_SUM });
  }
  return path;
}

/** Groups holdings per currency into trees (only non-zero balances get a leaf). */
export function buildTrees(holdings: readonly { userId: number; currency: string; balance: string }[], nonceOf: (userId: number) => string): Map<string, ProofTree> {
  const perCurrency = new Map<string, ProofLeaf[]>();
  for (const h of holdings) {
    if (toUnits(h.balance) === 0n) continue;
    let list = perCurrency.get(h.currency);
    if (!list) perCurrency.set(h.currency, (list = []));
    list.push({ userId: h.userId, nonce: nonceOf(h.userId), balance: h.balance });
  }
  const trees = new Map<string, ProofTree>();
  for (const currency of [...perCurrency.keys()].sort()) trees.set(currency, buildTree(perCurrency.get(currency)!));
  return trees;
}
