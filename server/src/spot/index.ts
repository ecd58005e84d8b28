// The spot domain's door (coin trading against the recorded feed).
export { registerSpot, type SpotModule } from "./spot.module";
export type { SpotCommands } from "./spot.commands";
export type { SpotSettlement } from "./spot.settlement";
export type { SpotQueries } from "./spot.queries";
export type { SpotAdmin } from "./spot.admin";
