/// <reference types="vite/client" />

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** The app version from package.json, set by vite's define. */
declare const __APP_VERSION__: string;
