import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../server/contract/constants";
import { allMessages, clientMessages, notifications } from "../../server/contract/messages";
import { parsePo } from "../../server/src/platform/i18n";
import linguiConfig from "../../lingui.config";

const root = path.resolve(import.meta.dirname, "../..");
/** The catalogue names of lingui.config.ts (the app's core, its other screens, the back office). */
const CATALOGUES = linguiConfig.catalogs!.map((catalog) => path.basename(catalog.path));
const read = (lang: string, name = "messages") =>
  parsePo(fs.readFileSync(path.join(root, "locales", lang, `${name}.po`), "utf8"));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("translation catalogues", () => {
  const source = read("en");

  it("hold every server message of the contract, each key once", () => {
    const keys = allMessages().map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Errors and successes in the core catalogue (screens show them); e-mail and notice texts in the back-office one,
    // which the server reads and the phone never downloads.
    for (const { key, en } of clientMessages()) expect(source.get(key), key).toBe(en);
    const serverOnly = read("en", "backoffice");
    for (const { key, en } of Object.values(notifications)) expect(serverOnly.get(key), key).toBe(en);
  });

  it("are up to date with the source code (lingui extract would add nothing)", () => {
    // Extract the English catalogue afresh into a temporary folder and compare its ids with the committed one.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-i18n-"));
    const config = path.join(dir, "lingui.config.ts");
    fs.writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(root, "lingui.config.ts"))};\n` +
        `export default { ...base, rootDir: ${JSON.stringify(root)}, locales: ["en"], catalogs: base.catalogs.map((c) => ({ ...c, path: c.path.replace("<rootDir>/locales", ${JSON.stringify(dir)}) })) };\n`,
    );
    execFileSync(path.join(root, "node_modules/.bin/lingui"), ["extract", "--config", config], { cwd: root, stdio: "pipe" });
    for (const name of CATALOGUES) {
      const fresh = parsePo(fs.readFileSync(path.join(dir, "en", `${name}.po`), "utf8"));
      const committed = read("en", name);
      const missing = [...fresh.keys()].filter((id) => !committed.has(id));
      expect(missing, `${name}: run npm run i18n:extract and translate the new messages`).toEqual([]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  for (const lang of languages.filter((l) => l !== "en")) {
    it(`${lang} translates every message of every catalogue, keeping its placeholders`, () => {
      for (const name of CATALOGUES) {
        const english = read("en", name);
        const catalogue = read(lang, name);
        const untranslated = [...english.keys()].filter((id) => !catalogue.get(id)?.trim());
        expect(untranslated, `${lang}/${name}: ${untranslated.length} untranslated`).toEqual([]);
        const broken = [...english.entries()].filter(([id, en]) => placeholders(catalogue.get(id) ?? "").join() !== placeholders(en).join());
        expect(broken.map(([id]) => id), `${lang}/${name}: placeholders differ`).toEqual([]);
      }
    });
  }
});
