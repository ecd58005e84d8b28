import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The build the bundle tests read (npm test builds first; BUILD_OUT_DIR names another build folder). */
export const dist = path.resolve(import.meta.dirname, "../..", process.env.BUILD_OUT_DIR ?? "dist");
export const manifestFile = path.join(dist, ".vite/manifest.json");

export interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, Chunk>;

/** The build's manifest, or an empty one when there is no build (the tests then skip). */
export const loadManifest = (): Manifest => (fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, "utf8")) : {});

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
export function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The chart library names itself in its code (its attribution link): the mark of the chart library's chunk. */
export const hasChartLibrary = (file: string) => /lightweight-charts/.test(fs.readFileSync(path.join(dist, file), "utf8"));
