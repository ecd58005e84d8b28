// The back office's door: what other domains may use (ARCHITECTURE.md, "Server domains and their doors").
// The operators table stays its own: other domains show an operator's name through `operator-names.ts`.
export { registerBackoffice } from "./backoffice.module";
export { FirstRunSetup } from "./first-run";
export { operatorName, operatorNameOf } from "./operator-names";
export { OperatorService } from "./operators.service";
