// The ledger's door: the only writer of balances (README.md beside it), and money arithmetic.
export * from "./ledger";
export * from "./money";
// Many entries (or hold resolutions) per transaction in a few multi-row statements: the daily payouts.
export { pgArray, postBatch, resolveBatch, type BatchEntry, type HoldResolution } from "./batch";
