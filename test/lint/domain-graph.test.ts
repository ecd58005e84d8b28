import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SERVER_DOMAINS } from "../../eslint.config.js";

/**
 * The declared graph of server domains (eslint.config.js) is the real one. Lint already refuses an import the graph
 * does not allow; this refuses the other lie: an edge the graph declares that no file uses (17 such edges made the
 * trading domains look coupled to wallet, content, account and the back office). Imports are read by TypeScript's
 * own pre-processor (static, dynamic, re-exports and `import type` alike).
 */
const root = path.resolve(import.meta.dirname, "../..");
const serverSrc = path.join(root, "server/src");
const declared = SERVER_DOMAINS;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(at) : entry.name.endsWith(".ts") ? [at] : [];
  });
}

/** The other domains a domain's files import, each with one file that does. */
function usedBy(domain: string): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of filesOf(path.join(serverSrc, domain))) {
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const [target] = path.relative(serverSrc, path.resolve(path.dirname(file), fileName)).split(path.sep);
      if (target !== domain && target in declared && !used.has(target)) used.set(target, path.relative(root, file));
    }
  }
  return used;
}

describe("the server's domain graph", () => {
  const used = Object.fromEntries(Object.keys(declared).map((domain) => [domain, usedBy(domain)]));

  it("declares every server folder that is a domain", () => {
    const folders = fs.readdirSync(serverSrc, { withFileTypes: true }).filter((e) => e.isDirectory() && !["platform", "testing"].includes(e.name));
    expect(folders.map((e) => e.name).sort()).toEqual(Object.keys(declared).sort());
  });

  it("declares no edge that no import uses", () => {
    const unused = Object.entries(declared).flatMap(([domain, uses]) => uses.filter((other) => !used[domain].has(other)).map((other) => `${domain} -> ${other}`));
    expect(unused).toEqual([]);
  });

  it("declares every edge the imports use (what lint enforces, seen from the graph's side)", () => {
    const undeclared = Object.entries(used).flatMap(([domain, others]) => [...others].filter(([other]) => !declared[domain].includes(other)).map(([other, file]) => `${domain} -> ${other} (${file})`));
    expect(undeclared).toEqual([]);
  });
});
