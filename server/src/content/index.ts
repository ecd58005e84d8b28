// The content domain's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
export { registerContent, type ContentModule, type ContentOptions } from "./content.module";
export type { FactSource, Facts } from "./facts";
export type { PushableNotice } from "./inbox.service";
