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

/**
 * Each catalogue is its own chunk: a phone downloads only its language. The core catalogue holds what login and
 * home show (scripts/first-routes.ts); the other screens' texts come with the first screen that needs them.
 */
const coreCatalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/messages.po");
const screenCatalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/screens.po");

type CatalogueLoader = (lang: Language) => Promise<Messages>;
const fromGlob =
  (files: Record<string, () => Promise<{ messages: Messages }>>, name: string): CatalogueLoader =>
  async (lang) => {
    const load = files[`../../../locales/${lang}/${name}.po`];
    return load ? (await load()).messages : {};
  };
const loadCore = fromGlob(coreCatalogues, "messages");
const loadScreens = fromGlob(screenCatalogues, "screens");

/** The back office shows the app's shared parts too, so it loads this with its own at start. */
export const loadScreensCatalogue = loadScreens;

const extraCatalogues: CatalogueLoader[] = [];
/** Languages whose screens catalogue is loaded or loading. */
const screensLoaded = new Map<string, Promise<void>>();

/** A further catalogue loaded with the app's (the back office registers its own; phones never download it). */
export function addCatalogue(load: CatalogueLoader): void {
  extraCatalogues.push(load);
}

/** Loads the screens catalogue of the active language once; pages await it with their chunk (app/lazy-page). */
export function screensCatalogueReady(): Promise<void> {
  const lang = i18n.locale as Language;
  let loading = screensLoaded.get(lang);
  if (!loading) {
    loading = loadScreens(lang).then((messages) => i18n.load(lang, messages));
    // A failed load (offline, first visit) may be retried by the next page.
    loading.catch(() => screensLoaded.delete(lang));
    screensLoaded.set(lang, loading);
  }
  return loading;
}

/**
 * Loads and activates a language; the UI re-renders through I18nProvider, no reload. Once a screen has needed the
 * screens catalogue, a language switch loads it too before activating, so no text shows untranslated meanwhile.
 */
export async function activateLanguage(lang: Language): Promise<void> {
  const withScreens = screensLoaded.size > 0;
  const [core, screens, ...extra] = await Promise.all([loadCore(lang), withScreens ? loadScreens(lang) : {}, ...extraCatalogues.map((l) => l(lang))]);
  i18n.loadAndActivate({ locale: lang, messages: Object.assign({}, core, screens, ...extra) });
  screensLoaded.clear();
  if (withScreens) screensLoaded.set(lang, Promise.resolve());
  document.documentElement.lang = intlLocale[lang];
}

/** Translates a server message key (the wire's Chinese key); unknown keys fall back to themselves. */
export const translateKey = (key: string): string => i18n._(key);
