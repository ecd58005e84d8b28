import type { Language } from "@contract/constants";

/**
 * Each language in its own name, so anybody finds theirs (the language page, the back office's language tabs).
 * Never translated: each name is an endonym.
 */
export const NATIVE_NAMES: Record<Language, string> = {
  zh: "简体中文",
  en: "English",
  es: "Español",
  it: "Italiano",
  jp: "日本語",
  ko: "한국어",
  pt: "Português",
  tw: "繁體中文",
  vn: "Tiếng Việt",
  id: "Bahasa Indonesia",
};
