import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * package.json declares the Node the project runs on; every installed package must run on it too, or `npm ci`
 * prints EBADENGINE and the declaration is a lie (sanitize-html 2.18, @fastify/static's content-disposition 3 and
 * light-my-request's cookie 2 needed Node 22). Read from the lock file, so it holds for what `npm ci` installs.
 */
const root = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
};

describe("declared Node engines", () => {
  const declared = manifest.engines.node;
  const lowest = semver.minVersion(declared)!.version;

  it("declares a Node the machines here run (20.x)", () => {
    expect(semver.major(lowest)).toBe(20);
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it(`every locked package runs on the lowest declared Node (${lowest})`, () => {
    const refusing = Object.entries(lock.packages)
      // An optional package that cannot run here is left out by npm without a word (rollup's lzma binary).
      .filter(([at, entry]) => at !== "" && !entry.optional)
      .flatMap(([at, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(lowest, range, { includePrerelease: true }) ? [`${at}@${entry.version}: node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
