// The ledger's door: the only writer of balances (README.md beside it), and money arithmetic.
export * from "./ledger";
export * from "./money";
// Many entries (or hold resolutions) per transaction through the same posting path as ledger.post: the daily payouts.
export { pgArray, postBatch, resolveBatch, resolveThenPost, type EntryInput as BatchEntry, type HoldResolution } from "./posting";
