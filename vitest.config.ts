import os from "node:os";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

const serverProject = (name: string, db: "pglite" | "postgres") => ({
  resolve: viteConfig.resolve,
  test: {
    name,
    environment: "node",
    include: ["server/**/*.test.ts", "test/api/**/*.test.ts", "test/invariants/**/*.test.ts", "test/i18n/**/*.test.ts", "test/bundle/**/*.test.ts", "test/lint/**/*.test.ts"],
    // i18n, bundle and lint checks don't touch a database: once is enough.
    exclude: db === "postgres" ? ["test/i18n/**", "test/bundle/**", "test/lint/**", "server/contract/**"] : [],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks" as const,
  },
});

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1: one worker on the 2-core machines). The server files spend much of
    // their time waiting on PostgreSQL and timers: one worker per core, with the migrated PGlite image (harness.ts),
    // took the suite from 1,240 s to 744 s.
    maxWorkers: os.availableParallelism(),
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: "client",
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}", "sw/**/*.test.ts"],
          setupFiles: ["src/test-setup.ts"],
          // Screen tests render whole pages in happy-dom beside the server suites: 5 s is tight on 2 busy cores.
          testTimeout: 15_000,
        },
      }),
      serverProject("server", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server-postgres", "postgres")] : []),
    ],
  },
});
