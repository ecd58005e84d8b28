// The terms domain's door: announced changes of trading terms (a pair's spread, the positions, spot and options
// configurations), their notice period and job (ARCHITECTURE.md, "Server domains and their doors").
export { TermChanges, termLine } from "./term-changes";
