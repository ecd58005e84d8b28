import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { closure, gzipSize, hasChartLibrary, loadManifest, manifestFile, type Manifest } from "./manifest";

/**
 * The chart library ships only with the chart route (`/pages/kline/index`): the market list, home and the entry
 * never load it. Reads the build's manifest, like budget.test.ts.
 */
// The routes compose the market screens with the spot ticket's entries (app/spot): these are the lazy route chunks.
const CHART = "src/app/spot/kline-with-trade.tsx";
const MARKET = "src/app/spot/market-with-trade.tsx";
const HOME = "src/app/home/home-page.tsx";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.skipIf(!fs.existsSync(manifestFile))("market bundles", () => {
  const manifest: Manifest = loadManifest();

  it("loads the market and chart screens as lazy routes of the entry", () => {
    const lazy = manifest["index.html"].dynamicImports ?? [];
    expect(lazy).toEqual(expect.arrayContaining([CHART, MARKET]));
  });

  it("puts the chart library in the chart route's chunks only", () => {
    const chart = closure(manifest, CHART);
    const others = new Set<string>();
    for (const key of ["index.html", MARKET, HOME]) closure(manifest, key, others);
    const withLibrary = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith(".js") && hasChartLibrary(f));
    expect(withLibrary.length).toBeGreaterThan(0);
    for (const file of withLibrary) {
      expect(chart.has(file), `${file} holds the chart library but the chart route does not load it`).toBe(true);
      expect(others.has(file), `${file} holds the chart library and loads outside the chart route`).toBe(false);
    }
  });

  it("keeps the chart route's own chunks small and reports the sizes", () => {
    const entry = closure(manifest, "index.html");
    const own = (key: string) => [...closure(manifest, key)].filter((f) => f.endsWith(".js") && !entry.has(f));
    const size = (files: string[]) => files.reduce((sum, f) => sum + gzipSize(f), 0);
    const chart = size(own(CHART));
    const market = size(own(MARKET));
    console.log(`market route: ${kb(market)} gzip beyond the entry; chart route: ${kb(chart)} gzip beyond the entry (the chart library included)`);
    // 66.7 KB since the chart moved from echarts (201 KB) to lightweight-charts; 77.2 KB with the venue's depth view
    // and the price-alert action on the chart screen.
    expect(chart).toBeLessThan(80 * 1024);
    expect(market).toBeLessThan(40 * 1024);
  });
});
