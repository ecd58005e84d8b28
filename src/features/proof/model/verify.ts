import type { MyProof } from "@contract/proof";
import { parseDecimal, toDecimal, type Fixed } from "@/shared/lib/decimal";

/**
 * Verification of one proof path in the browser, from the published rules only (WebCrypto SHA-256, hex lower case,
 * over UTF-8 strings): commitment = sha256(user_id|nonce), leaf = sha256("leaf|commitment|balance"),
 * node = sha256("node|left_hash|left_sum|right_hash|right_sum"), sums added exactly (integers of 10^-18).
 */

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A published sum as fixed point (the client's one decimal module, integers of 10^-18), or null when it is not a
 * plain non-negative decimal of at most 18 places (a negative sum fails here). Sums print back with `toDecimal`.
 */
const units = (value: string): Fixed | null => (/^\d/.test(value) && value === value.trim() ? parseDecimal(value) : null);

export type VerifyStep =
  | { kind: "commitment"; input: string; hash: string; ok: boolean }
  | { kind: "leaf"; input: string; hash: string; sum: string }
  | { kind: "node"; side: "left" | "right"; input: string; hash: string; sum: string; ok: boolean }
  | { kind: "root"; hash: string; sum: string; root: string; total: string; ok: boolean };

export interface Verification {
  ok: boolean;
  steps: VerifyStep[];
}

/** Walks the path from the leaf to the root, recording every string hashed, and compares with the root and total. */
export async function verifyProof(p: MyProof): Promise<Verification> {
  const steps: VerifyStep[] = [];
  const commitmentInput = `${p.leaf.user_id}|${p.leaf.nonce}`;
  const commitment = await sha256Hex(commitmentInput);
  const commitmentOk = commitment === p.leaf.commitment;
  steps.push({ kind: "commitment", input: commitmentInput, hash: commitment, ok: commitmentOk });
  let sum = units(p.leaf.balance);
  if (sum === null) return { ok: false, steps };
  const leafInput = `leaf|${commitment}|${toDecimal(sum)}`;
  let hash = await sha256Hex(leafInput);
  steps.push({ kind: "leaf", input: leafInput, hash, sum: toDecimal(sum) });
  let ok = commitmentOk;
  for (const step of p.path) {
    const sibling = units(step.sum);
    const stepOk = sibling !== null && toDecimal(sibling) === step.sum;
    const siblingSum = sibling ?? 0n;
    const input =
      step.side === "right" ? `node|${hash}|${toDecimal(sum)}|${step.hash}|${step.sum}` : `node|${step.hash}|${step.sum}|${hash}|${toDecimal(sum)}`;
    hash = await sha256Hex(input);
    sum += siblingSum;
    steps.push({ kind: "node", side: step.side, input, hash, sum: toDecimal(sum), ok: stepOk });
    ok &&= stepOk;
  }
  const rootOk = hash === p.root && toDecimal(sum) === p.total;
  steps.push({ kind: "root", hash, sum: toDecimal(sum), root: p.root, total: p.total, ok: rootOk });
  return { ok: ok && rootOk, steps };
}
