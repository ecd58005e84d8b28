// The timed options domain's door.
export { registerOptions, type OptionsModule } from "./options.module";
export type { OptionsService } from "./options.service";
