/**
 * The source files a phone needs before it shows the first routes (login and home): the app's entry and those two
 * pages, with everything they import, statically or lazily, except the route table's own page imports. Their texts
 * make the app's core catalogue (`messages.po`); every other screen's texts ship in `screens.po`, which a page loads
 * together with its chunk (src/app/lazy-page.ts). lingui.config.ts and the bundle budget test read this list.
 */
import fs from "node:fs";
import path from "node:path";

const root = import.meta.dirname;

/** The entry and the pages routes.tsx declares with `firstRoute` (test/bundle checks the two agree). */
export const FIRST_ROUTE_ENTRIES = ["src/main.tsx", "src/features/auth/ui/login-page.tsx", "src/app/home/home-page.tsx"];

/** Its lazy imports are the screens, which carry their own catalogue. */
const ROUTE_TABLE = "src/app/routes.tsx";

const aliases: [string, string][] = [
  ["@/", "src/"],
  ["@contract/", "server/contract/"],
];

function resolveImport(from: string, spec: string): string | undefined {
  const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
  const base = alias ? path.join(root, alias[1], spec.slice(alias[0].length)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined; // a package
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Project-relative paths of the first routes' source files (scripts, styles and contract files alike). */
export function firstRouteFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const source = fs.readFileSync(file, "utf8");
    const specs = [...source.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? m[2]);
    if (path.relative(root, file) !== ROUTE_TABLE) specs.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
    for (const spec of specs) {
      const resolved = resolveImport(file, spec);
      if (resolved) visit(resolved);
    }
  };
  for (const entry of FIRST_ROUTE_ENTRIES) visit(path.join(root, entry));
  return [...seen].map((file) => path.relative(root, file).split(path.sep).join("/")).sort();
}
