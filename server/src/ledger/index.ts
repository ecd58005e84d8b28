// The ledger's door: the only writer of balances (README.md beside it), and money arithmetic. It names what it
// exports: the writes (`ledger`: posting, holds, adjustments), the reads (`ledgerReads`: balances, lines, totals,
// the invariants' check), the decimal helpers, and the batch path of the daily payouts.
export { ledger, type Leg, type Cause, type Actor } from "./ledger";
// What an entry did and what it was for: one list each, shared with the client (contract/ledger-kinds.ts).
export { CAUSE_KINDS, ENTRY_KINDS, type CauseKind, type EntryKind } from "./kinds";
// The transfer kinds: a domain asks for one with its amounts, the ledger names the accounts and builds the legs.
export { transfers, type Transfer, type Settlement, type HoldTransfer, type TransferKind } from "./transfers";
export { ledgerReads, type StatementPosting } from "./ledger.reads";
export { money, toWire, toFixedDown, floorTo, type MoneyValue } from "./money";
// Many entries (or hold resolutions) per transaction through the same posting path as ledger.post: the daily payouts.
export { pgArray, postBatch, resolveBatch, resolveThenPost, type EntryInput as BatchEntry, type HoldResolution } from "./posting";
