import { z } from "zod";
import { errorEnvelope, errors, okEnvelope, type Call, type ErrorCode, type RawRoute } from "../../contract";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

const ENVELOPE_REF = "#/components/schemas/ErrorEnvelope";

/** A refusal answer whose `code` is one of `codes` (what the contract knows this call can answer with that status). */
function refusal(description: string, codes: readonly ErrorCode[]): JsonSchema {
  const logout = codes.includes("LOGIN_REQUIRED");
  const list = codes.map((code) => `\`${code}\``).join(", ");
  return {
    description: `${description}: ${list}`,
    content: {
      "application/json": {
        schema: {
          allOf: [
            { $ref: ENVELOPE_REF },
            { type: "object", properties: { ...(logout ? { type: { const: 999 } } : {}), code: { type: "string", enum: [...codes] } } },
          ],
        },
      },
    },
  };
}

/**
 * The error answers of a call: every refusal is the error envelope with the catalogue code's HTTP status (the whole
 * catalogue is `x-error-catalogue`). Named per status where the contract knows them: the input's validation (400),
 * the session (401, `type` 999: log out), the operator's role and the step-up proof (403), the upload (413, 415);
 * a domain's own refusals (`INSUFFICIENT_BALANCE`, `PAIR_NOT_FOUND`...) are the other 4xx, and 5xx is a fault.
 */
function errorAnswers(call: Pick<Call, "access" | "stepUp" | "files"> | null): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    "400": refusal("Refused: the input is malformed or missing, or a rule of the domain refuses it", ["PARAMETER_ERROR", "MISSING_PARAMETER", "ILLEGAL_REQUEST"]),
  };
  if (call && call.access !== "public") answers["401"] = refusal("The session is missing or over (`type` 999: sign in again)", ["LOGIN_REQUIRED"]);
  const forbidden: ErrorCode[] = [
    ...(call?.access === "operator" ? (["UNAUTHORIZED_OPERATION"] as const) : []),
    ...(call?.stepUp ? (["STEP_UP_REQUIRED"] as const) : []),
  ];
  if (forbidden.length) answers["403"] = refusal("Not allowed as asked", forbidden);
  if (call?.files?.length) {
    answers["413"] = refusal("The upload is too large", ["FILE_TOO_LARGE"]);
    answers["415"] = refusal("The upload is not an accepted file", ["FILE_TYPE_WRONG"]);
  }
  answers["4XX"] = { $ref: "#/components/responses/Refused" };
  answers["5XX"] = refusal("A fault on the server's side; nothing was changed", ["REQUEST_EXCEPTION", "TRY_AGAIN", "CONFIG_ERROR"]);
  return answers;
}

/** The operation's id: the path's words, and the method too where one path answers two methods. */
const operationId = (path: string, method: string, shared: boolean) => path.replace(/[^A-Za-z0-9]+/g, "_") + (shared ? `_${method.toLowerCase()}` : "");

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
        operationId: operationId(route.path, "GET", false),
        summary: route.summary,
        tags: route.tags ?? [route.path.split("/")[0]],
        security: [],
        parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        responses: {
          "200": { description: "The bytes themselves, not an envelope", content: Object.fromEntries(route.produces.map((type) => [type, {}])) },
          ...errorAnswers(null),
        },
      },
    };
  }
  const methodsAt = new Map<string, number>();
  for (const call of calls) methodsAt.set(call.path, (methodsAt.get(call.path) ?? 0) + 1);
  for (const call of calls) {
    const input = toSchema(call.input, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    const operation: Record<string, unknown> = {
      operationId: operationId(call.path, call.method, methodsAt.get(call.path)! > 1),
      summary: call.summary,
      tags: call.tags ?? [call.path.split("/")[0]],
      security: call.access === "user" ? [{ token: [] }] : call.access === "operator" ? [{ operator: [] }] : [],
      responses: {
        "200": call.produces
          ? { description: "The download itself, not an envelope", content: { [call.produces]: { schema: { type: "string" } } } }
          : { description: "Success", content: { "application/json": { schema: toSchema(okEnvelope(call.output), "output") } } },
        ...errorAnswers(call),
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
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "Every answer is an envelope: `{type:\"ok\", message}` on success, `{type:\"error\"|999, code, message}` otherwise, " +
        "with an honest HTTP status. Messages are keys of the error catalogue (x-error-catalogue), translated by the client.",
    },
    servers: [{ url: "/" }],
    components: {
      schemas: { ErrorEnvelope: toSchema(errorEnvelope, "output") },
      responses: {
        Refused: {
          description: "Refused: `code` names the refusal (a key of x-error-catalogue, whose status this answer has); `message` is its key to translate",
          content: { "application/json": { schema: { $ref: ENVELOPE_REF } } },
        },
      },
      securitySchemes: {
        token: { type: "apiKey", in: "header", name: "Authorization", description: "A user's session token (user/login, user/register)" },
        operator: { type: "apiKey", in: "header", name: "Authorization", description: "An operator's session token (backoffice/login: password and TOTP)" },
      },
    },
    "x-error-catalogue": Object.fromEntries(Object.entries(errors).map(([code, def]) => [code, { status: def.status, message: def.key, en: def.en }])),
    paths,
  };
}
