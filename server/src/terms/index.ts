// The terms domain's door: announced changes of trading terms (a pair's spread, the positions, spot and options
// configurations), their notice period, texts and job (ARCHITECTURE.md, "Server domains and their doors").
export { TermChanges, termLine, noticeTexts } from "./term-changes";
