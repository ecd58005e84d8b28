/**
 * Malformed requests to every route of the OpenAPI document, for the fuzz test (`test/api/fuzz.test.ts`) and the
 * fuzz bench (`bench/fuzz.bench.ts`). The routes come from `/api/openapi.json`, so a new call is fuzzed the day it
 * is declared. Each request picks a route, who asks (nobody, a user, an operator, a broken token), how the payload
 * travels (query, JSON, form, multipart, a broken body, a wrong content type) and, per field, a value that fits the
 * field's schema or one of many that do not (control characters, lone surrogates, huge or negative numbers, arrays,
 * objects, prototype keys...). The server may refuse any of them; it must never answer 5xx.
 */
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { TestServer } from "./harness";
import { md5Of, PDF_BYTES, tinyPng } from "./images";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  default?: unknown;
};

export interface FuzzTarget {
  method: "GET" | "POST";
  url: string;
  access: "public" | "user" | "operator";
  properties: Record<string, JsonSchema>;
  required: string[];
  /** File fields of a multipart call (empty for other calls). */
  files: string[];
}

/** Every operation of the OpenAPI document, with who may call it and the fields it reads. */
export function fuzzTargets(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): FuzzTarget[] {
  const targets: FuzzTarget[] = [];
  for (const [url, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const security = (operation.security ?? []) as Record<string, unknown>[];
      const access = security.some((s) => "operator" in s) ? "operator" : security.some((s) => "token" in s) ? "user" : "public";
      let schema: JsonSchema = {};
      const files: string[] = [];
      if (method === "get") {
        const parameters = (operation.parameters ?? []) as { name: string; required: boolean; schema: JsonSchema }[];
        schema = {
          properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
          required: parameters.filter((p) => p.required).map((p) => p.name),
        };
      } else {
        const content = ((operation.requestBody as { content?: Record<string, { schema: JsonSchema }> })?.content ?? {}) as Record<string, { schema: JsonSchema }>;
        const multipart = content["multipart/form-data"]?.schema;
        schema = multipart ?? content["application/json"]?.schema ?? {};
        if (multipart) {
          for (const [name, field] of Object.entries(multipart.properties ?? {})) if (field.format === "binary") files.push(name);
        }
      }
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !files.includes(name)));
      targets.push({ method: method.toUpperCase() as "GET" | "POST", url, access, properties, required: schema.required ?? [], files });
    }
  }
  return targets;
}

/** Values no field accepts as they are: each has broken some server once, somewhere. */
const HOSTILE: unknown[] = [
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\u0007bell",
  "line\nbreak",
  "\uD800",
  "\uDFFFx",
  "💥".repeat(20),
  "x".repeat(5_000),
  "9".repeat(40),
  "-1",
  "0",
  "00010",
  "+5",
  "5.",
  " 10 ",
  "0x10",
  "1e309",
  "NaN",
  "Infinity",
  "-0",
  "1.0000000000000000000000001",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "../../etc/passwd",
  "%00",
  "true",
  "null",
  "[object Object]",
  "__proto__",
  0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [1],
  ["a", "b"],
  [[[[[]]]]],
  {},
  { a: 1 },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/**
 * What once got past the contract on the money routes: amounts longer than NUMERIC(36,18) holds, and numbers the
 * contract coerced from booleans, arrays, exponents, hex and empty values.
 */
export const LOOSE_SHAPES: unknown[] = [
  "9".repeat(19),
  "1" + "0".repeat(18),
  "9".repeat(18) + ".999999999999999999",
  "0." + "0".repeat(18) + "1",
  "9".repeat(19) + ".5",
  true,
  false,
  null,
  "",
  [],
  [10],
  "1e1",
  "0x10",
  1e21,
];

/** A JSON body of 10,000 nested arrays: once a stack overflow in the payload check, on every route. */
export const NESTED_BODY = `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;

/** Values that fit the field's schema (roughly): so that requests also get past validation into the services. */
function fitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(fitting));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -1_000_000), max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(fitting(schema.items ?? {}), { maxLength: 4 });
    case "object":
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
    case "string":
      return fc.oneof(
        fc.constantFrom("1", "2", "10.5", "100", "USDT", "BTC", "BTC/USDT", "TRC20", "ERC20", "en", "zh", "abc123", "user@example.com", "123456", "secret123", "TEST-KEY-12345678"),
        fc.string({ maxLength: 40 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,24}$/),
      );
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer());
  }
}

export type Auth = "none" | "user" | "operator" | "garbage";
export type Encoding = "natural" | "json" | "form" | "multipart" | "broken-multipart" | "broken-json" | "text";

export interface FuzzRequest {
  target: FuzzTarget;
  auth: Auth;
  encoding: Encoding;
  fields: Record<string, unknown>;
  /** Extra query text appended as is (GET), e.g. `%`, `a[b]=1`. */
  rawQuery: string;
  file: "png" | "pdf" | "empty" | "none";
}

export function fuzzRequests(targets: FuzzTarget[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...targets).chain((target) => {
    const names = [...new Set([...Object.keys(target.properties), "lang", "id", "__proto__"])];
    const fields = fc.record(
      Object.fromEntries(names.map((name) => [name, fc.oneof({ weight: 3, arbitrary: fitting(target.properties[name] ?? {}) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) })])),
      { requiredKeys: [] },
    );
    return fc.record({
      target: fc.constant(target),
      // Mostly whoever the route expects, so requests reach the handlers.
      auth: fc.oneof({ weight: 6, arbitrary: fc.constant<Auth>(target.access === "public" ? "none" : target.access) }, { weight: 1, arbitrary: fc.constantFrom<Auth>("none", "user", "operator", "garbage") }),
      encoding: fc.oneof({ weight: 6, arbitrary: fc.constant<Encoding>("natural") }, { weight: 1, arbitrary: fc.constantFrom<Encoding>("json", "form", "multipart", "broken-multipart", "broken-json", "text") }),
      fields,
      rawQuery: fc.constantFrom("", "", "", "%", "a[b]=1", "lang=%00", "page=1&page=2", "limit=-1"),
      file: fc.constantFrom<FuzzRequest["file"]>("png", "png", "pdf", "empty", "none"),
    });
  });
}

const text = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

function multipartBody(fields: Record<string, unknown>, files: string[], file: FuzzRequest["file"]): { body: Buffer; boundary: string } {
  const boundary = "----fuzz" + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${text(value)}\r\n`));
  }
  if (file !== "none") {
    const data = file === "png" ? tinyPng(Math.floor(Math.random() * 1e6)) : file === "pdf" ? PDF_BYTES : Buffer.alloc(0);
    for (const name of files) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from("\r\n"));
    }
    if (file === "png" && !("md5" in fields)) {
      // The md5 the upload check expects, so some uploads get all the way through.
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${md5Of(data)}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), boundary };
}

/** The request as `app.inject` takes it. */
export function toInject(request: FuzzRequest, tokens: { user: string; operator: string }): InjectOptions {
  const { target, fields } = request;
  const headers: Record<string, string> = {};
  if (request.auth === "user") headers.authorization = tokens.user;
  if (request.auth === "operator") headers.authorization = `Bearer ${tokens.operator}`;
  if (request.auth === "garbage") headers.authorization = "x".repeat(200);
  const encoding = request.encoding === "natural" ? (target.method === "GET" ? "query" : target.files.length ? "multipart" : "json") : request.encoding;
  if (target.method === "GET") {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) for (const item of value) query.append(name, text(item));
      else query.append(name, text(value));
    }
    const qs = [query.toString(), request.rawQuery].filter(Boolean).join("&");
    return { method: "GET", url: qs ? `${target.url}?${qs}` : target.url, headers };
  }
  switch (encoding) {
    case "form": {
      const form = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)]));
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, payload: form.toString() };
    }
    case "multipart": {
      const { body, boundary } = multipartBody(fields, target.files, request.file);
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, payload: body };
    }
    case "broken-multipart": {
      const { body, boundary } = multipartBody(fields, target.files, request.file);
      const cut = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
      const contentType = request.file === "empty" ? "multipart/form-data" : `multipart/form-data; boundary=${boundary}`;
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": contentType }, payload: request.file === "none" ? "x" : cut };
    }
    case "broken-json":
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(fields).slice(0, -1) || "{" };
    case "text":
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": "text/plain" }, payload: JSON.stringify(fields) };
    default:
      return { method: "POST", url: target.url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(fields) };
  }
}

/** A user and an operator to fuzz with; `refresh()` signs them in again when a request ended their session. */
export interface FuzzCredentials {
  user: string;
  operator: string;
  refresh(): Promise<void>;
}

export async function fuzzCredentials(server: TestServer): Promise<FuzzCredentials> {
  const credentials: FuzzCredentials = {
    user: (await server.newUser()).token,
    operator: (await server.newOperator("admin")).token,
    async refresh() {
      // Cheap checks first: most refusals leave both sessions alive.
      if ((await server.call("GET", "user/info", {}, { token: credentials.user })).status !== 200) credentials.user = (await server.newUser()).token;
      if ((await server.call("GET", "backoffice/me", {}, { token: credentials.operator })).status !== 200) credentials.operator = (await server.newOperator("admin")).token;
    },
  };
  return credentials;
}

export interface FuzzOutcome {
  request: FuzzRequest;
  status: number;
  body: string;
}

/** Sends one request and reports its status; refreshes the credentials when it ended a session. */
export async function sendFuzz(app: FastifyInstance, request: FuzzRequest, credentials: FuzzCredentials): Promise<FuzzOutcome> {
  const response = await app.inject(toInject(request, credentials));
  if (response.statusCode === 401 || response.statusCode === 403 || /logout|freeze|lock/.test(request.target.url)) await credentials.refresh();
  return { request, status: response.statusCode, body: response.body.slice(0, 300) };
}
