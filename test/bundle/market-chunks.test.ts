import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * echarts ships only with the chart route (`/pages/kline/index`): the market list, home and the entry never load
 * it, and the chart's lazy chunk holds the registered parts only (well under the full echarts' ~360 KB gzip).
 * Reads the build's manifest, like budget.test.ts.
 */
const dist = path.resolve(import.meta.dirname, "../..", process.env.BUILD_OUT_DIR ?? "dist");
const manifestFile = path.join(dist, ".vite/manifest.json");

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

// The routes compose the market screens with the spot ticket's entries (app/spot): these are the lazy route chunks.
const CHART = "src/app/spot/kline-with-trade.tsx";
const MARKET = "src/app/spot/market-with-trade.tsx";
const HOME = "src/app/home/home-page.tsx";

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(manifest: Record<string, Chunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** echarts' renderer (zrender) names itself in its code: the mark of an echarts chunk. */
const hasEcharts = (file: string) => fs.readFileSync(path.join(dist, file), "utf8").includes("zrender");

describe.skipIf(!fs.existsSync(manifestFile))("market bundles", () => {
  const manifest: Record<string, Chunk> = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, "utf8")) : {};

  it("loads the market and chart screens as lazy routes of the entry", () => {
    const lazy = manifest["index.html"].dynamicImports ?? [];
    expect(lazy).toEqual(expect.arrayContaining([CHART, MARKET]));
  });

  it("puts echarts in the chart route's chunks only", () => {
    const chart = closure(manifest, CHART);
    const others = new Set<string>();
    for (const key of ["index.html", MARKET, HOME]) closure(manifest, key, others);
    const withEcharts = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith(".js") && hasEcharts(f));
    expect(withEcharts.length).toBeGreaterThan(0);
    for (const file of withEcharts) {
      expect(chart.has(file), `${file} holds echarts but the chart route does not load it`).toBe(true);
      expect(others.has(file), `${file} holds echarts and loads outside the chart route`).toBe(false);
    }
  });

  it("keeps the chart route's own chunks small and reports the sizes", () => {
    const entry = closure(manifest, "index.html");
    const own = (key: string) => [...closure(manifest, key)].filter((f) => f.endsWith(".js") && !entry.has(f));
    const size = (files: string[]) => files.reduce((sum, f) => sum + gzipSize(f), 0);
    const chart = size(own(CHART));
    const market = size(own(MARKET));
    console.log(`market route: ${kb(market)} gzip beyond the entry; chart route: ${kb(chart)} gzip beyond the entry (echarts included)`);
    // Only the registered echarts parts: the full library alone is about 360 KB gzip.
    expect(chart).toBeLessThan(260 * 1024);
    expect(market).toBeLessThan(40 * 1024);
  });
});
