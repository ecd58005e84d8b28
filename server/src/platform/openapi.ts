import { z } from "zod";
import { errorEnvelope, errors, okEnvelope, type Call, type RawRoute } from "../../contract";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/**
 * The OpenAPI 3.1 document of every registered call, generated from the same zod schemas that validate them, and of
 * the routes that answer raw bytes (declared in the contract too).
 */
export function buildOpenApi(calls: readonly Call[], rawRoutes: readonly RawRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of rawRoutes) {
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    paths[`/api/${route.path.replace(/:(\w+)/g, "{$1}")}`] = {
      get: {
        operationId: route.path.replace(/[^A-Za-z0-9]+/g, "_"),
        summary: route.summary,
        tags: route.tags ?? [route.path.split("/")[0]],
        security: [],
        parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        responses: {
          "200": { description: "The bytes themselves, not an envelope", content: Object.fromEntries(route.produces.map((type) => [type, {}])) },
          default: { description: "Failure: the error envelope", content: { "application/json": { schema: toSchema(errorEnvelope, "output") } } },
        },
      },
    };
  }
  for (const call of calls) {
    const input = toSchema(call.input, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    const operation: Record<string, unknown> = {
      operationId: call.path.replace(/[^A-Za-z0-9]+/g, "_"),
      summary: call.summary,
      tags: call.tags ?? [call.path.split("/")[0]],
      security: call.access === "user" ? [{ token: [] }] : call.access === "operator" ? [{ operator: [] }] : [],
      responses: {
        "200": { description: "Success", content: { "application/json": { schema: toSchema(okEnvelope(call.output), "output") } } },
        default: {
          description: "Failure: `type` 999 means the session is gone (HTTP 401); `message` is a key of the error catalogue",
          content: { "application/json": { schema: toSchema(errorEnvelope, "output") } },
        },
      },
    };
    if (call.method === "GET") {
      operation.parameters = Object.entries(input.properties ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: input.required?.includes(name) ?? false,
        schema,
      }));
    } else if (call.files?.length) {
      const properties = { ...(input.properties ?? {}) };
      for (const file of call.files) properties[file] = { type: "string", format: "binary" };
      operation.requestBody = {
        required: true,
        content: { "multipart/form-data": { schema: { type: "object", properties, required: [...(input.required ?? []), ...call.files] } } },
      };
    } else {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: input }, "application/x-www-form-urlencoded": { schema: input } },
      };
    }
    paths[`/api/${call.path}`] = { ...paths[`/api/${call.path}`], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "TradeWise API",
      version,
      description:
        "Every answer is an envelope: `{type:\"ok\", message}` on success, `{type:\"error\"|999, code, message}` otherwise, " +
        "with an honest HTTP status. Messages are keys of the error catalogue (x-error-catalogue), translated by the client.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        token: { type: "apiKey", in: "header", name: "Authorization", description: "A user's session token (user/login, user/register)" },
        operator: { type: "apiKey", in: "header", name: "Authorization", description: "An operator's session token (backoffice/login: password and TOTP)" },
      },
    },
    "x-error-catalogue": Object.fromEntries(Object.entries(errors).map(([code, def]) => [code, { status: def.status, message: def.key, en: def.en }])),
    paths,
  };
}
