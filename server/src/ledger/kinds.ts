import type { EntryKind } from "../../contract";

// The lists live in the contract (contract/ledger-kinds.ts): the client labels the same kinds it shows.
export { CAUSE_KINDS, ENTRY_KINDS, type CauseKind, type EntryKind } from "../../contract";

/**
 * The kind of a hold, or of its resolution, posted without one of its own: named after its cause
 * (`withdrawal.hold`, `withdrawal.settle`, `withdrawal.release`). Only causes whose three kinds ENTRY_KINDS lists
 * leave the kind out; every other caller names it.
 */
export function twoPhaseKind(causeKind: string, step: "hold" | "settle" | "release"): EntryKind {
  return `${causeKind}.${step}` as EntryKind;
}
