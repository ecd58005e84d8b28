import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import * as contract from "../../contract";
import { errors as catalogue, type Call } from "../../contract";

/**
 * The API document as tools take it: Redocly's recommended rules find nothing to refuse, and a TypeScript client
 * generated from it (openapi-typescript) types a call of each domain as the contract does. Both run offline, on the
 * document the server serves.
 */
let server: TestServer;
let doc: Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}
beforeAll(async () => {
  server = await createTestServer();
  doc = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
});
afterAll(async () => {
  await server?.close();
});

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    const warnings = problems.filter((p) => p.severity === "warn").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // Warnings too: `operation-4xx-response` was one per operation before they documented their refusals.
    expect(warnings).toEqual([]);
  });

  it("documents every operation's refusals: the envelope, and codes whose status is the answer's", () => {
    for (const [at, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.responses["4XX"], `${method} ${at}`).toEqual({ $ref: "#/components/responses/Refused" });
        for (const [status, answer] of Object.entries(operation.responses)) {
          const codes = (answer as { content?: Record<string, { schema?: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }> }).content?.["application/json"]?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
          for (const code of codes) expect(String(catalogue[code as keyof typeof catalogue].status)).toMatch(new RegExp(`^${status.replace(/X/g, "\\d")}$`));
        }
      }
    }
    const withdraw = doc.paths["/api/user/login"].post.responses;
    expect(Object.keys(withdraw)).toEqual(["200", "400", "4XX", "5XX"]);
    const info = doc.paths["/api/user/info"].get.responses as Record<string, { description: string }>;
    expect(info["401"].description).toContain("LOGIN_REQUIRED");
  });

  it("generates a TypeScript client (openapi-typescript) that types one call of each domain as the contract does", async () => {
    // The first call each contract module declares, with the module's name in the contract's index.
    const samples = Object.entries(contract).flatMap(([domain, exports]) => {
      if (typeof exports !== "object" || exports === null) return [];
      const first = Object.entries(exports).find(([, value]) => typeof (value as Call).path === "string" && "output" in (value as object));
      return first ? [{ domain, name: first[0], call: first[1] as Call }] : [];
    });
    expect(samples.length).toBeGreaterThanOrEqual(20);
    const root = path.resolve(import.meta.dirname, "../../..");
    await fs.mkdir(path.join(root, ".tmp"), { recursive: true });
    const dir = await fs.mkdtemp(path.join(root, ".tmp", "openapi-client-"));
    try {
      await fs.writeFile(path.join(dir, "api.d.ts"), astToString(await openapiTS(structuredClone(doc) as never)));
      const contractAt = path.relative(dir, path.join(root, "server/contract/index.ts")).replace(/\.ts$/, "");
      const lines = [
        `import type * as contract from "${contractAt}";`,
        `import type { Input, Output } from "${contractAt}";`,
        `import type { paths } from "./api";`,
        "type IsAny<T> = 0 extends 1 & T ? true : false;",
        "type Same<A, B> = IsAny<A> extends true ? false : IsAny<B> extends true ? false : [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
        'type Ok<O> = O extends { responses: { 200: { content: { "application/json": { message: infer T } } } } } ? T : never;',
        // A GET without input documents no query (\`query?: never\`): an empty object is what the client sends.
        "type Sent<O> = O extends { parameters: { query?: infer Q } } ? ([NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>) : never;",
        'type Body<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : never;',
        'type Form<O> = O extends { requestBody: { content: { "multipart/form-data": infer B } } } ? B : never;',
        ...samples.flatMap(({ domain, name, call }) => {
          const op = `paths["/api/${call.path}"]["${call.method.toLowerCase()}"]`;
          const files = (call.files ?? []).map((file) => `"${file}"`).join(" | ");
          const sent = call.method === "GET" ? `Sent<${op}>` : files ? `Omit<Form<${op}>, ${files}>` : `Body<${op}>`;
          const id = `${domain}_${name}`;
          return [
            `export const ${id}_output: Same<Ok<${op}>, Output<typeof contract.${domain}.${name}>> = true;`,
            // What the client sends: the contract's input fits the generated parameters or body (files aside).
            `export const ${id}_input = (input: Input<typeof contract.${domain}.${name}>): ${sent} => input;`,
          ];
        }),
      ];
      await fs.writeFile(path.join(dir, "check.ts"), lines.join("\n") + "\n");
      const tsconfig = {
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", skipLibCheck: true, allowImportingTsExtensions: true, types: [] },
        files: ["check.ts"],
      };
      await fs.writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
      const tsc = path.join(root, "node_modules/typescript/bin/tsc");
      const run = await promisify(execFile)(process.execPath, [tsc, "-p", dir], { cwd: root }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      expect(run.stdout).toBe("");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
