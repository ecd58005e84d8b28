import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyRequest } from "fastify";
import { languages, type Language } from "../../contract";
import { amountDecimals, languageOfAcceptLanguage, languageTags } from "../../contract/constants";

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

/**
 * A value the caller marks as a number (a decimal string): written in the reader's digits ("56.061,6" in es,
 * "56,061.6" in en), never through a float, cut (not rounded) to its fraction digits like the app. Plain string
 * values (ids, order numbers, symbols) are put in as they are.
 */
export interface NumberValue {
  readonly number: string;
  readonly minFraction?: number;
  readonly maxFraction?: number;
}
export type TextValues = Record<string, string | NumberValue>;

/** A price at its pair's precision ("56061.6" at 2 -> "56,061.60"). */
export const priceValue = (value: string, precision: number): NumberValue => ({ number: value, minFraction: precision, maxFraction: precision });
/**
 * An amount of a currency at its display decimals (contract `amountDecimals`), at least two ("100.00 USDT"), as the
 * app's `formatAmount` writes it: a notice and the screen it opens show the same figure alike.
 */
export const amountValue = (value: string, currency: string): NumberValue => {
  const places = amountDecimals(currency);
  return { number: value, minFraction: Math.min(2, places), maxFraction: places };
};
/** A percentage at two decimals, as the app's `formatPercent` writes a margin level ("149.96" -> "149.96", "149,96" in es). */
export const percentValue = (value: string): NumberValue => ({ number: value, minFraction: 2, maxFraction: 2 });
/** A number with every digit it has (a quantity; a price whose precision the caller does not hold). */
export const numberValue = (value: string): NumberValue => ({ number: value, maxFraction: 18 });

/** Intl formats a decimal string exactly (Node 20's ICU takes string input); one formatter per language and digits. */
const formats = new Map<string, Intl.NumberFormat>();
export function formatNumberValue(lang: Language, value: NumberValue): string {
  const { minFraction = 0, maxFraction = Math.max(minFraction, 18) } = value;
  const id = `${lang}:${minFraction}:${maxFraction}`;
  let format = formats.get(id);
  if (!format) {
    // Grouping "always" as the app writes it (CLDR es would leave "1234,5" ungrouped; the app shows "1.234,5"); what
    // is cut to zero has no sign ("0.00", not "-0.00"), as in the app.
    format = new Intl.NumberFormat(languageTags[lang], { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction, roundingMode: "trunc", useGrouping: "always", signDisplay: "negative" });
    formats.set(id, format);
  }
  // A batch of notices writes the same figures again and again (a tick's price, a lot size): each formatted once.
  const key = `${id}|${value.number}`;
  let text = formatted.get(key);
  if (text === undefined) {
    // A value that is not a plain decimal is shown as given rather than as "NaN".
    text = /^-?\d+(\.\d+)?$/.test(value.number) ? format.format(value.number as `${number}`) : value.number;
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** Figures already formatted, by language, fraction digits and value (bounded: cleared when full). */
const formatted = new Map<string, string>();

/** Server-side translation of the few texts the server writes itself (e-mails, texts). */
export interface Translator {
  t(lang: Language, key: string, values?: TextValues): string;
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
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = values[name];
        return value === undefined ? whole : typeof value === "string" ? value : formatNumberValue(lang, value);
      });
    },
  };
}

/** The language a request asks for outside a call's payload: `?lang=` (our keys), else Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, "query" | "headers">): Language {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const asked = typeof query.lang === "string" && (languages as readonly string[]).includes(query.lang) ? (query.lang as Language) : null;
  return asked ?? languageOfAcceptLanguage(request.headers["accept-language"]) ?? "en";
}
