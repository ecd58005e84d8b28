import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyRequest } from "fastify";
import { languages, type Language } from "../../contract";
import { languageOfAcceptLanguage } from "../../contract/constants";

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");

/** Reads a lingui .po catalogue into msgid -> msgstr (plain entries; the server only needs its own messages). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let current: "id" | "str" | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (id !== null && str !== null && id !== "") entries.set(id, str);
    id = str = current = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("msgid ")) {
      flush();
      id = unquote(line.slice(6));
      current = "id";
    } else if (line.startsWith("msgstr ")) {
      str = unquote(line.slice(7));
      current = "str";
    } else if (line.startsWith('"') && current) {
      if (current === "id") id += unquote(line);
      else str += unquote(line);
    } else if (line === "" || line.startsWith("#")) {
      if (current === "str") flush();
    }
  }
  flush();
  return entries;
}

/** Server-side translation of the few texts the server writes itself (e-mails, texts). */
export interface Translator {
  t(lang: Language, key: string, values?: Record<string, string>): string;
}

export function loadTranslator(dir = localesDir): Translator {
  const catalogues = new Map<Language, Map<string, string>>();
  for (const lang of languages) {
    // The core catalogue holds errors and successes; the back-office one the e-mail and notice texts.
    const merged = new Map<string, string>();
    for (const name of ["messages.po", "backoffice.po"]) {
      const file = path.join(dir, lang, name);
      if (fs.existsSync(file)) for (const [key, text] of parsePo(fs.readFileSync(file, "utf8"))) if (text) merged.set(key, text);
    }
    catalogues.set(lang, merged);
  }
  return {
    t(lang, key, values = {}) {
      const text = catalogues.get(lang)?.get(key) || catalogues.get("en")?.get(key) || key;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
    },
  };
}

/** The language a request asks for outside a call's payload: `?lang=` (our keys), else Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, "query" | "headers">): Language {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const asked = typeof query.lang === "string" && (languages as readonly string[]).includes(query.lang) ? (query.lang as Language) : null;
  return asked ?? languageOfAcceptLanguage(request.headers["accept-language"]) ?? "en";
}
