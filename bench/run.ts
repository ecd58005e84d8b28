import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after the other and prints their figures.
 * `npm run bench -- market` runs the suites whose file name contains "market"; `--json out.json` also writes the
 * figures as JSON. A suite is a file exporting `suite: BenchSuite`; it measures, it does not assert.
 *
 * The machine is shared and small (2 cores): figures are indicative, and each suite says what it measured.
 */

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

export interface BenchSuite {
  name: string;
  run(log: (line: string) => void): Promise<BenchResult[]>;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const jsonIndex = args.indexOf("--json");
  const jsonOut = jsonIndex >= 0 ? args[jsonIndex + 1] : null;
  const filters = args.filter((a, i) => !a.startsWith("--") && (jsonIndex < 0 || i !== jsonIndex + 1));
  const dir = import.meta.dirname;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    // A name that is a suite's own (`positions`) runs that suite alone, not every file containing it
    // (`positions-property`); any other word runs every suite whose file name contains it.
    .filter((f, _, all) => filters.length === 0 || filters.some((x) => (all.includes(`${x}.bench.ts`) ? f === `${x}.bench.ts` : f.includes(x))))
    .sort();
  if (files.length === 0) {
    console.error(`no bench/*.bench.ts matches ${filters.join(", ")}`);
    process.exit(1);
  }
  const all: Record<string, BenchResult[]> = {};
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { suite?: BenchSuite };
    if (!module.suite) {
      console.error(`${file} exports no suite`);
      continue;
    }
    console.log(`\n== ${module.suite.name} (${file})`);
    const started = performance.now();
    const results = await module.suite.run((line) => console.log(`   ${line}`));
    all[module.suite.name] = results;
    const width = Math.max(...results.map((r) => r.name.length));
    for (const r of results) {
      const value = r.value >= 100 ? Math.round(r.value).toLocaleString("en-US") : r.value.toFixed(2);
      console.log(`   ${r.name.padEnd(width)}  ${value.padStart(12)} ${r.unit}${r.note ? `  (${r.note})` : ""}`);
    }
    console.log(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify(all, null, 2)}\n`);
  // Suites close what they open; a stray handle must not keep the runner alive.
  process.exit(0);
}

await main();
