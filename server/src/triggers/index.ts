// The trigger machinery's door: the book of trigger levels and the leader's runner that every settling engine uses.
export { TriggerBook, crossedBy, firedUser, type Trigger, type Observation, type Fired, type FiredOwner, type Watch } from "./trigger-book";
export { furtherTrail, levelOf, trailLevel, trailRateRefusal, trailTick, TRAIL_RATE_MAX, TRAIL_RATE_MIN, type Cross, type Trail, type TrailTick, type Trailing } from "./trailing";
export { TriggerRunner, ownerOf, type TriggerSource, type FiredAt } from "./trigger-runner";
export { registerTriggers } from "./triggers.module";
