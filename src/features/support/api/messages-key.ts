/**
 * The SWR key of my conversation with customer service (`support/messages`, also the tab bar's badge), in a file of
 * its own: the home's first data fills it at start-up without pulling the live chat's code into the first screen.
 */
export const SUPPORT_MESSAGES_KEY = "support/messages";
