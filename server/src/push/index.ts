// The push domain's door (Web Push to the user's devices): what app.ts wires.
export { registerPush, type PushModule } from "./push.module";
export type { PushService } from "./push.service";
