// The positions domain's door (leveraged contracts, forex and metals).
export { registerPositions, type PositionsModule } from "./positions.module";
export type { PositionsCommands } from "./positions.commands";
export type { PositionsSettlement } from "./positions.settlement";
export type { PositionsQueries } from "./positions.queries";
export type { PositionsAdmin } from "./positions.admin";
// The forex and metal trading session (timed options on those pairs follow it too).
export { sessionAt } from "./positions.engine";
export { positionsConfig } from "./positions.config";
