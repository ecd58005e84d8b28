import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";
import { fuzzCredentials, fuzzRequests, fuzzTargets, sendFuzz, toInject, type FuzzCredentials, type FuzzTarget } from "../../server/src/testing/fuzz";

/**
 * Bad input never produces a 5xx: malformed values of every kind, sent to every route of the OpenAPI document, by
 * every kind of caller, in every encoding. `FUZZ_RUNS` raises the count (the bench `npm run bench -- fuzz` sends
 * 20,000 and prints the status histogram); a failure prints the smallest request that broke the server.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);

let server: TestServer;
let targets: FuzzTarget[];
let credentials: FuzzCredentials;

beforeAll(async () => {
  server = await createTestServer();
  const document = (await server.app.inject({ url: "/api/openapi.json" })).json();
  targets = fuzzTargets(document);
  credentials = await fuzzCredentials(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

describe("fuzzing every OpenAPI route", () => {
  it("finds every route of the document, operators' ones marked as such", () => {
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.find((t) => t.url === "/api/backoffice/me")?.access).toBe("operator");
    expect(targets.find((t) => t.url === "/api/wallet/list")?.access).toBe("user");
    expect(targets.find((t) => t.url === "/api/wallet/charge_req")?.files).toContain("voucher");
  });

  it("answers every route's hostile payload in each encoding with less than 500", async () => {
    // A fixed pass first, so every route is hit whatever the random part draws.
    const failures: string[] = [];
    for (const target of targets) {
      for (const encoding of ["natural", "form", "broken-multipart"] as const) {
        const fields = Object.fromEntries(Object.keys(target.properties).map((name) => [name, "a\u0000b"]));
        const request = { target, auth: target.access === "public" ? ("none" as const) : target.access, encoding, fields: { ...fields, id: [1] }, rawQuery: "%", file: "none" as const };
        const outcome = await sendFuzz(server.app, request, credentials);
        if (outcome.status >= 500) failures.push(`${target.method} ${target.url} ${encoding}: ${outcome.status} ${outcome.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`answers ${RUNS} random malformed requests with less than 500`, async () => {
    await fc.assert(
      fc.asyncProperty(fuzzRequests(targets), async (request) => {
        const outcome = await sendFuzz(server.app, request, credentials);
        if (outcome.status >= 500) {
          const sent = toInject(request, credentials);
          throw new Error(`${outcome.status} on ${sent.method} ${String(sent.url)}: ${outcome.body}\npayload: ${String(sent.payload ?? "").slice(0, 500)}`);
        }
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  }, 120_000);
});
