import { i18n, type Messages } from "@lingui/core";
import type { Language } from "@contract/constants";

export { i18n };

/** Our language codes are the seed's; Intl wants BCP 47 tags. */
export const intlLocale: Record<Language, string> = {
  zh: "zh-CN",
  en: "en-US",
  es: "es-ES",
  it: "it-IT",
  jp: "ja-JP",
  ko: "ko-KR",
  pt: "pt-BR",
  tw: "zh-TW",
  vn: "vi-VN",
  id: "id-ID",
};

/** Each catalogue is its own chunk: a phone downloads only its language. */
const catalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/messages.po");

type CatalogueLoader = (lang: Language) => Promise<Messages>;
const extraCatalogues: CatalogueLoader[] = [];

/** A second catalogue loaded with the app's (the back office registers its own; phones never download it). */
export function addCatalogue(load: CatalogueLoader): void {
  extraCatalogues.push(load);
}

/** Loads and activates a language; the UI re-renders through I18nProvider, no reload. */
export async function activateLanguage(lang: Language): Promise<void> {
  const load = catalogues[`../../../locales/${lang}/messages.po`];
  const [{ messages }, ...extra] = await Promise.all([load ? load() : { messages: {} }, ...extraCatalogues.map((l) => l(lang))]);
  i18n.loadAndActivate({ locale: lang, messages: Object.assign({}, messages, ...extra) });
  document.documentElement.lang = intlLocale[lang];
}

/** Translates a server message key (the wire's Chinese key); unknown keys fall back to themselves. */
export const translateKey = (key: string): string => i18n._(key);
