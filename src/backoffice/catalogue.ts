import type { Messages } from "@lingui/core";
import type { Language } from "@contract/constants";

/** The back office's own texts, a catalogue apart from the app's so phones never download them. */
const catalogues = import.meta.glob<{ messages: Messages }>("../../locales/*/backoffice.po");

export async function loadBackofficeCatalogue(lang: Language): Promise<Messages> {
  const load = catalogues[`../../locales/${lang}/backoffice.po`];
  return load ? (await load()).messages : {};
}
