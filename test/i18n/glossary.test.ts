import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatter } from "@lingui/format-po";
import { languages } from "../../server/contract/constants";
import linguiConfig from "../../lingui.config";

/**
 * The trading glossary (locales/glossary.json): one word per trading term and language. Every catalogue entry a term
 * picks (by lingui context and/or a pattern on its English text) must use the term's required word and none of its
 * forbidden variants, so a market order never reads "市场" (the market) and the Open tab never "开放".
 */
interface Term {
  term: string;
  context?: string;
  english: string;
  required?: Partial<Record<string, string>>;
  forbidden?: Partial<Record<string, string[]>>;
}
interface Entry {
  id: string;
  context?: string;
  english: string;
  translation: string;
}

const root = path.resolve(import.meta.dirname, "../..");
const glossary = JSON.parse(fs.readFileSync(path.join(root, "locales/glossary.json"), "utf8")) as { terms: Term[] };
const CATALOGUES = linguiConfig.catalogs!.map((catalog) => path.basename(catalog.path));
const po = formatter({ lineNumbers: false });

type PoEntry = { message?: string; translation?: string; context?: string; obsolete?: boolean };
async function entriesOf(lang: string): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const name of CATALOGUES) {
    const parse = async (l: string) =>
      (await po.parse(fs.readFileSync(path.join(root, "locales", l, `${name}.po`), "utf8"), { locale: l, sourceLocale: "en", filename: name } as never)) as Record<string, PoEntry>;
    const [english, catalogue] = await Promise.all([parse("en"), parse(lang)]);
    for (const [id, e] of Object.entries(catalogue)) {
      if (e.obsolete) continue;
      out.push({ id, context: e.context, english: english[id]?.message ?? e.message ?? id, translation: e.translation ?? "" });
    }
  }
  return out;
}

/** Each entry of one language that breaks a term of the glossary, said in words. */
export function glossaryProblems(lang: string, entries: Entry[], terms: Term[]): string[] {
  const problems: string[] = [];
  for (const term of terms) {
    const pattern = new RegExp(term.english, "i");
    const required = term.required?.[lang];
    const forbidden = term.forbidden?.[lang] ?? [];
    for (const e of entries) {
      if ((term.context !== undefined && e.context !== term.context) || !pattern.test(e.english) || !e.translation) continue;
      if (required && !e.translation.includes(required)) problems.push(`${lang} "${e.english}" -> "${e.translation}": ${term.term} must say "${required}"`);
      for (const word of forbidden) if (e.translation.includes(word)) problems.push(`${lang} "${e.english}" -> "${e.translation}": ${term.term} must not say "${word}"`);
    }
  }
  return problems;
}

describe("the trading glossary", () => {
  it("catches an entry that uses a forbidden variant or lacks the required word", () => {
    const market = glossary.terms.find((t) => t.context === "order type")!;
    const entries: Entry[] = [
      { id: "a", context: "order type", english: "Market", translation: "市场" },
      { id: "b", english: "Market", translation: "市场" }, // the market itself: not the order type
    ];
    expect(glossaryProblems("zh", entries, [market])).toEqual([
      'zh "Market" -> "市场": market order (order type) must say "市价"',
      'zh "Market" -> "市场": market order (order type) must not say "市场"',
    ]);
    const loan = glossary.terms.find((t) => t.term === "loan")!;
    expect(glossaryProblems("zh", [{ id: "c", english: "Loan records", translation: "借款记录" }], [loan])).toHaveLength(2);
  });

  it("names languages the app has", () => {
    for (const term of glossary.terms) {
      for (const lang of [...Object.keys(term.required ?? {}), ...Object.keys(term.forbidden ?? {})]) expect(languages, `${term.term}: ${lang}`).toContain(lang);
    }
  });

  for (const lang of languages) {
    it(`${lang}: every catalogue follows the glossary`, async () => {
      expect(glossaryProblems(lang, await entriesOf(lang), glossary.terms)).toEqual([]);
    });
  }
});
