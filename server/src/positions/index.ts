// The positions domain's door (leveraged contracts, forex and metals).
export { registerPositions, type PositionsModule } from "./positions.module";
export type { PositionsService } from "./positions.service";
