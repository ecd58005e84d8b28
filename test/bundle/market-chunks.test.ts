import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { closure, gzipSize, hasChartLibrary, loadManifest, manifestFile, type Manifest } from "./manifest";

/**
 * The chart library ships only with the chart route (`/pages/kline/index`): the market list, home and the entry
 * never load it, and the chart route loads it after its first paint (the chart component imports the echarts
 * adapter dynamically). Reads the build's manifest, like budget.test.ts.
 */
// The routes compose the market screens with the spot ticket's entries (app/spot): these are the lazy route chunks.
const CHART = "src/app/spot/kline-with-trade.tsx";
const MARKET = "src/app/spot/market-with-trade.tsx";
const HOME = "src/app/home/home-page.tsx";
// The echarts adapter, the chart component's lazy import.
const ADAPTER = "src/features/market/ui/kline-echarts.tsx";

/** The chart route beyond the entry, echarts included (measured in README's stack row). */
const CHART_BUDGET = 215 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.skipIf(!fs.existsSync(manifestFile))("market bundles", () => {
  const manifest: Manifest = loadManifest();

  it("loads the market and chart screens as lazy routes of the entry", () => {
    const lazy = manifest["index.html"].dynamicImports ?? [];
    expect(lazy).toEqual(expect.arrayContaining([CHART, MARKET]));
  });

  it("puts the chart library in the chart route's lazy chunks only, loaded after the route's own", () => {
    const route = closure(manifest, CHART);
    // The adapter is a dynamic import of the route's chunks, never a static one (it loads after the first paint).
    expect([...route].some((file) => Object.values(manifest).some((c) => c.file === file && (c.dynamicImports ?? []).includes(ADAPTER)))).toBe(true);
    const adapter = closure(manifest, ADAPTER);
    const others = new Set<string>();
    for (const key of ["index.html", MARKET, HOME]) closure(manifest, key, others);
    const withLibrary = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith(".js") && hasChartLibrary(f));
    expect(withLibrary.length).toBeGreaterThan(0);
    for (const file of withLibrary) {
      expect(adapter.has(file), `${file} holds the chart library but the chart adapter does not load it`).toBe(true);
      expect(route.has(file), `${file} holds the chart library and loads before the chart route's first paint`).toBe(false);
      expect(others.has(file), `${file} holds the chart library and loads outside the chart route`).toBe(false);
    }
  });

  it("keeps the chart route's own chunks small and reports the sizes", () => {
    const entry = closure(manifest, "index.html");
    const own = (key: string) => [...closure(manifest, key)].filter((f) => f.endsWith(".js") && !entry.has(f));
    const size = (files: string[]) => files.reduce((sum, f) => sum + gzipSize(f), 0);
    const first = size(own(CHART));
    const chart = size([...new Set([...own(CHART), ...own(ADAPTER)])]);
    const market = size(own(MARKET));
    console.log(`market route: ${kb(market)} gzip beyond the entry; chart route: ${kb(chart)} gzip beyond the entry (the chart library included), ${kb(first)} of it before the first paint`);
    // Before the first paint the chart route needs only its screen; echarts (the parts registered) follows.
    expect(first).toBeLessThan(40 * 1024);
    expect(chart).toBeLessThan(CHART_BUDGET);
    expect(market).toBeLessThan(40 * 1024);
  });
});
