// The spot domain's door (coin trading against the recorded feed).
export { registerSpot, type SpotModule } from "./spot.module";
export type { SpotService } from "./spot.service";
