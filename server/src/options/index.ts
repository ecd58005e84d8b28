// The timed options domain's door.
export { registerOptions, type OptionsModule } from "./options.module";
export type { OptionsCommands } from "./options.commands";
export type { OptionsSettlement } from "./options.settlement";
export type { OptionsQueries } from "./options.queries";
export type { OptionsAdmin } from "./options.admin";
