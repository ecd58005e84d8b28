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
 * home show (first-routes.ts) and the server's messages; the build splits it (vite.config.ts): the first
 * paint waits only for the texts, the server's messages load beside the first request (`serverMessagesReady`). The
 * other screens' texts come with the first screen that needs them.
 */
const coreCatalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/messages.po", { query: "?ui?lingui" });
const serverCatalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/messages.po", { query: "?server?lingui" });
const screenCatalogues = import.meta.glob<{ messages: Messages }>("../../../locales/*/screens.po");

type CatalogueLoader = (lang: Language) => Promise<Messages>;
const fromGlob =
  (files: Record<string, () => Promise<{ messages: Messages }>>, name: string): CatalogueLoader =>
  async (lang) => {
    const load = files[`../../../locales/${lang}/${name}.po`];
    return load ? (await load()).messages : {};
  };
const loadCore = fromGlob(coreCatalogues, "messages");
const loadServerMessages = fromGlob(serverCatalogues, "messages");
const loadScreens = fromGlob(screenCatalogues, "screens");

/** The back office shows the app's shared parts too, so it loads this with its own at start. */
export const loadScreensCatalogue = loadScreens;

const extraCatalogues: CatalogueLoader[] = [];

/** A further catalogue loaded with the app's (the back office registers its own; phones never download it). */
export function addCatalogue(load: CatalogueLoader): void {
  extraCatalogues.push(load);
}

/**
 * A catalogue loaded into the active language once something needs it, and again on a language switch once it
 * has been needed (so no text shows untranslated meanwhile).
 */
function onDemandCatalogue(load: CatalogueLoader) {
  /** Languages whose catalogue is loaded or loading. */
  const loaded = new Map<string, Promise<void>>();
  return {
    async ready(): Promise<void> {
      // Asked for while a language is being activated (the start-up preloads the first screen meanwhile): load the
      // texts of that language once it is active. Loaded for the language before, they would be dropped by the
      // activation, which decided at its start that this catalogue was not needed, and the screen would keep
      // English source texts with their placeholders unfilled.
      await languageSettled();
      const lang = i18n.locale as Language;
      let loading = loaded.get(lang);
      if (!loading) {
        loading = load(lang).then((messages) => i18n.load(lang, messages));
        // A failed load (offline, first visit) may be retried by the next caller.
        loading.catch(() => loaded.delete(lang));
        loaded.set(lang, loading);
      }
      return loading;
    },
    /** For a language switch: the new language's messages if this catalogue was needed before, else nothing. */
    async forSwitch(lang: Language): Promise<Messages> {
      return loaded.size > 0 ? load(lang) : {};
    },
    /** After a switch: what `forSwitch` loaded is the new language's. */
    switched(lang: Language, wasNeeded: boolean): void {
      loaded.clear();
      if (wasNeeded) loaded.set(lang, Promise.resolve());
    },
    needed: () => loaded.size > 0,
  };
}

/** The latest language activation (start-up's or a switch's), settled or not. */
let activation: Promise<void> = Promise.resolve();

/** Resolves once no language activation is under way (a switch may start while an earlier one is awaited). */
async function languageSettled(): Promise<void> {
  let awaited: Promise<void>;
  do {
    awaited = activation;
    await awaited.catch(() => undefined);
  } while (awaited !== activation);
}

const screens = onDemandCatalogue(loadScreens);
const serverMessages = onDemandCatalogue(loadServerMessages);

/** Loads the screens catalogue of the active language once; pages await it with their chunk (app/lazy-page). */
export const screensCatalogueReady = (): Promise<void> => screens.ready();

/**
 * Loads the server's messages (errors and successes, by wire key) of the active language once. The client starts
 * it with the first request and awaits it before it shows or hands over an answer; screens await it with their chunk.
 */
export const serverMessagesReady = (): Promise<void> => serverMessages.ready();

/**
 * Loads and activates a language; the UI re-renders through I18nProvider, no reload. The catalogues needed so far
 * are loaded for the new language too before it is activated, so no text shows untranslated meanwhile.
 */
export function activateLanguage(lang: Language): Promise<void> {
  activation = loadAndActivate(lang);
  return activation;
}

async function loadAndActivate(lang: Language): Promise<void> {
  const needed = [screens, serverMessages].map((catalogue) => catalogue.needed());
  const [core, screenTexts, serverTexts, ...extra] = await Promise.all([
    loadCore(lang),
    screens.forSwitch(lang),
    serverMessages.forSwitch(lang),
    ...extraCatalogues.map((l) => l(lang)),
  ]);
  i18n.loadAndActivate({ locale: lang, messages: Object.assign({}, core, screenTexts, serverTexts, ...extra) });
  screens.switched(lang, needed[0]);
  serverMessages.switched(lang, needed[1]);
  document.documentElement.lang = intlLocale[lang];
}

/** Translates a server message key (the wire's Chinese key); unknown keys fall back to themselves. */
export const translateKey = (key: string): string => i18n._(key);
