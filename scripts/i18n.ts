/**
 * Translation workflow over the lingui catalogues, so translators never hand-edit .po syntax:
 *   tsx scripts/i18n.ts extract                   lingui extract, keeping translations of messages that change catalogue
 *   tsx scripts/i18n.ts todo <lang> [out.json]    untranslated messages: [{ id, en, where }]
 *   tsx scripts/i18n.ts apply <lang> <in.json>    { id: translation } into every catalogue of the language
 *   tsx scripts/i18n.ts dump <lang> <out.json>     every translation: { id: translation }
 *   tsx scripts/i18n.ts status                    untranslated counts per language
 * `id` is the catalogue id (a hash for UI texts, the wire key for server messages); `en` is the English text.
 * Placeholders like {0} or {account} must be kept as they are.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { languages } from "../server/contract/constants";
import linguiConfig from "../lingui.config";

interface Entry {
  message?: string;
  translation?: string;
  obsolete?: boolean;
  origin?: [string, number?][];
  comments?: string[];
}
type Catalog = Record<string, Entry>;

const root = path.resolve(import.meta.dirname, "..");
// The same options as lingui.config.ts, so a catalogue written here reads as one lingui extracted.
const po = formatter({ lineNumbers: false, printPlaceholdersInComments: false });
/** The catalogue names of lingui.config.ts (messages, screens, backoffice). */
const CATALOGUES = linguiConfig.catalogs!.map((catalog) => path.basename(catalog.path));
const file = (lang: string, name: string) => path.join(root, "locales", lang, `${name}.po`);

async function read(lang: string, name: string): Promise<Catalog> {
  if (!fs.existsSync(file(lang, name))) return {};
  return (await po.parse(fs.readFileSync(file(lang, name), "utf8"), { locale: lang, sourceLocale: "en", filename: file(lang, name) })) as Catalog;
}

async function write(lang: string, name: string, catalog: Catalog): Promise<void> {
  const existing = fs.readFileSync(file(lang, name), "utf8");
  const text = await po.serialize(catalog as never, { locale: lang, sourceLocale: "en", filename: file(lang, name), existing });
  fs.writeFileSync(file(lang, name), text as string);
}

/** Untranslated messages of every catalogue, each id once. */
async function todo(lang: string) {
  const seen = new Map<string, { id: string; en: string; where: string }>();
  for (const name of CATALOGUES) {
    const en = await read("en", name);
    for (const [id, entry] of Object.entries(await read(lang, name))) {
      if (entry.obsolete || entry.translation?.trim() || seen.has(id)) continue;
      seen.set(id, { id, en: en[id]?.translation || en[id]?.message || entry.message || id, where: (entry.origin ?? []).map((o) => o[0]).join(", ") });
    }
  }
  return [...seen.values()];
}

/** Puts translations ({ id: text }) into every catalogue of the language that holds the id. */
async function applyTranslations(lang: string, translations: Record<string, string>) {
  const applied = new Set<string>();
  for (const name of CATALOGUES) {
    const catalog = await read(lang, name);
    if (!Object.keys(catalog).length) continue;
    for (const [id, text] of Object.entries(translations)) {
      if (catalog[id] && typeof text === "string" && text.trim()) {
        catalog[id].translation = text;
        applied.add(id);
      }
    }
    await write(lang, name, catalog);
  }
  return { applied: applied.size, unknown: Object.keys(translations).filter((id) => !applied.has(id)) };
}

/** Every translation of a language across its catalogues: { id: text }. */
async function translationsOf(lang: string): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for (const name of CATALOGUES) for (const [id, entry] of Object.entries(await read(lang, name))) if (entry.translation?.trim()) all[id] = entry.translation;
  return all;
}

const [command, lang, arg] = process.argv.slice(2);
if (command === "todo" && lang) {
  const list = await todo(lang);
  const json = JSON.stringify(list, null, 1);
  if (arg) fs.writeFileSync(arg, json);
  else console.log(json);
  console.error(`${lang}: ${list.length} untranslated`);
} else if (command === "apply" && lang && arg) {
  const { applied, unknown } = await applyTranslations(lang, JSON.parse(fs.readFileSync(arg, "utf8")));
  console.log(`${lang}: applied ${applied}${unknown.length ? `, unknown ids: ${unknown.join(" ")}` : ""}`);
} else if (command === "dump" && lang && arg) {
  const all = await translationsOf(lang);
  fs.writeFileSync(arg, JSON.stringify(all, null, 1));
  console.log(`${lang}: ${Object.keys(all).length} translations dumped`);
} else if (command === "extract") {
  // lingui keeps a translation only inside its catalogue; a message that moves between catalogues (a file joins or
  // leaves the first routes) would lose it. So: remember every translation, extract, and put them back.
  const kept = new Map<string, Record<string, string>>();
  for (const l of languages) kept.set(l, await translationsOf(l));
  execFileSync(path.join(root, "node_modules/.bin/lingui"), ["extract", "--clean"], { cwd: root, stdio: "inherit" });
  for (const [l, translations] of kept) if (l !== "en") await applyTranslations(l, translations);
  for (const l of languages) if (l !== "en") console.log(l, (await todo(l)).length, "untranslated");
} else if (command === "status") {
  for (const l of languages) if (l !== "en") console.log(l, (await todo(l)).length);
} else {
  console.error("usage: tsx scripts/i18n.ts extract | todo <lang> [out.json] | apply <lang> <in.json> | dump <lang> <out.json> | status");
  process.exit(2);
}
