// The ledger's door: the only writer of balances (README.md beside it), and money arithmetic.
export * from "./ledger";
export * from "./money";
