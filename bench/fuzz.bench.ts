import fc from "fast-check";
import { fuzzCredentials, fuzzRequests, fuzzTargets, sendFuzz, toInject } from "../server/src/testing/fuzz";
import { createTestServer } from "../server/src/testing/harness";
import type { BenchResult, BenchSuite } from "./run";

/**
 * The fuzz test at scale: `FUZZ_BENCH_COUNT` (default 20,000) malformed requests over every route of the OpenAPI
 * document (server/src/testing/fuzz.ts), sent through `app.inject` to a fresh PGlite server. It reports the status
 * histogram, and the 5xx count, which must be 0 (the first few 5xx are printed with their request).
 */
export const suite: BenchSuite = {
  name: "fuzz: malformed requests over every OpenAPI route",
  async run(log) {
    const count = Number(process.env.FUZZ_BENCH_COUNT ?? 20_000);
    const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
    const server = await createTestServer();
    try {
      const targets = fuzzTargets((await server.app.inject({ url: "/api/openapi.json" })).json());
      const credentials = await fuzzCredentials(server);
      const requests = fc.sample(fuzzRequests(targets), { numRuns: count, seed });
      const histogram = new Map<number, number>();
      const routes = new Set<string>();
      let serverErrors = 0;
      const started = performance.now();
      for (const [i, request] of requests.entries()) {
        const outcome = await sendFuzz(server.app, request, credentials);
        histogram.set(outcome.status, (histogram.get(outcome.status) ?? 0) + 1);
        routes.add(`${request.target.method} ${request.target.url}`);
        if (outcome.status >= 500 && ++serverErrors <= 5) {
          const sent = toInject(request, credentials);
          log(`5xx: ${outcome.status} ${sent.method} ${String(sent.url)} ${String(sent.payload ?? "").slice(0, 200)} -> ${outcome.body}`);
        }
        if ((i + 1) % 5_000 === 0) log(`${i + 1} requests sent`);
      }
      const seconds = (performance.now() - started) / 1000;
      const statuses = [...histogram.entries()].sort(([a], [b]) => a - b);
      log(`status histogram (seed ${seed}): ${statuses.map(([status, n]) => `${status}: ${n}`).join(", ")}`);
      const results: BenchResult[] = [
        { name: "requests", value: requests.length, unit: "requests", note: `${routes.size} of ${targets.length} routes` },
        { name: "throughput", value: requests.length / seconds, unit: "requests/s" },
        { name: "5xx answers", value: serverErrors, unit: "answers", note: "must be 0" },
        ...statuses.map(([status, n]) => ({ name: `status ${status}`, value: n, unit: "answers" })),
      ];
      return results;
    } finally {
      await server.close();
    }
  },
};
