// The trigger machinery's door: the book of trigger levels and the leader's runner that every settling engine uses.
export { TriggerBook, advanceTrail, crossedBy, firedUser, type Trail, type Trigger, type Observation, type Fired, type FiredOwner, type Watch, type Cross } from "./trigger-book";
export { TriggerRunner, ownerOf, type TriggerSource, type FiredAt } from "./trigger-runner";
export { registerTriggers } from "./triggers.module";
