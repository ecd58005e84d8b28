import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../server/src/testing/harness";

/**
 * The automated route audit: walks the OpenAPI document and fails if any
 * operator route could set a price, a tick or a candle, decide one user's position, option or payout outcome, or
 * change a balance other than through the audited adjustment. A route is suspect by its path, its summary or the
 * names of its input fields (at any depth); reads (GET) may name these things, writes may not. Every exception is
 * listed below with the reason it is not such a route; a new route that looks like one fails until a person
 * decides and writes the reason here.
 */

/** Input field names an operator may never send (exact names, or these words as parts of a snake_case name). */
const FORBIDDEN_FIELD = /(^|_)(price|prices|tick|ticks|candle|candles|kline|klines|ohlc|outcome|result|pnl|profit|payout|payouts|balance|balances|win|winner|lose|loss|settle_price|close_price|open_price)(_|$)/;
/** Path segments of writes that would act on prices, outcomes or balances. */
const FORBIDDEN_PATH = /(price|tick|candle|kline|outcome|result|pnl|payout|balance|settle|liquidat|credit|debit|adjust|win|lose)/;
/** Summaries of writes that say they would. */
const FORBIDDEN_SUMMARY = /\b(set|edit|change|override|force|move)s? (the |a |one )?(price|tick|candle|outcome|result|balance|payout|p&l|pnl)/i;

/** Operator writes that match a rule above, each with why it is not a way to cheat. */
const ALLOWED: Record<string, string> = {
  "POST /api/backoffice/users/adjust":
    "The one audited manual adjustment: a ledger posting against a platform account, with a reason, in the audit log and the user's own records.",
};

/** Operator writes whose *fields* match, allowed field by field (a rule for everybody, not one user's outcome). */
const ALLOWED_FIELDS: Record<string, { fields: string[]; why: string }> = {
  "POST /api/backoffice/market/pairs/update": {
    fields: ["price_precision"],
    why: "How many decimals a pair's prices are shown and rounded to, for every user at once (audited); it sets no price: prices come only from the recorded feed.",
  },
};

/**
 * Operator writes that can change a trading term for everybody (a spread, a fee, a leverage rule, a rate, the notice
 * period), each with how users are protected (CONTRACT "Precisions added in wave 3"): what is open keeps the terms it
 * was placed with, and a pair's spread and the leveraged, spot and options configurations go through the published
 * notice (terms/term-changes.ts). A new route with such a field fails until a person lists it here with the reason.
 */
const TERM_FIELD = /(^|_)(spread|fee|fees|leverage|leverages|maintenance|swap|rate|rates|notice)(_|$)/;
const TERM_ROUTES: Record<string, string> = {
  "POST /api/backoffice/market/pairs/update":
    "A wider spread is stored pending with its effective time (now + the notice period), announced to every user and applied by the leader then; a narrower one applies at once, announced. Positions and resting orders keep their own spread.",
  "POST /api/backoffice/market/terms/notice": "The notice period itself: at least 24 h, audited; changes announced before keep their announced time.",
  "POST /api/backoffice/market/terms/cancel": "Cancels an announced change before its time: the published term stays, audited, and the cancellation is announced.",
  // The trading configurations go through the same notice (terms/term-changes.ts, test/api/config-notice.test.ts):
  // a save with any term worse for users waits whole; what is open keeps its terms (test/api/operator-terms.test.ts).
  "POST /api/backoffice/positions/config/save":
    "Fees, maintenance, swaps and leverages of new positions (audited). A higher fee, maintenance or swap rate or a lower leverage cap makes the whole configuration wait for the notice period, announced to every user and applied by the leader then; a change only better applies at once, announced. An open or pending position keeps the fee and maintenance rates it was placed with; leverage applies at placement only.",
  "POST /api/backoffice/spot/config/save":
    "The fee rate of new spot orders (audited). A higher rate (the default or a pair's) waits for the notice period, announced, and is applied by the leader then; lower rates only apply at once, announced. A resting limit order keeps the rate it was placed with.",
  "POST /api/backoffice/options/config/save":
    "The payout rates of new options (audited). A lower rate of a period waits for the notice period, announced, and is applied by the leader then; higher rates only apply at once, announced. A placed option keeps the rate it was placed with.",
  "POST /api/backoffice/earn/products/save": "A product's rate and early-exit penalty for new subscriptions; a subscription keeps the terms disclosed when it was made (stored on the order).",
  "POST /api/backoffice/funding/config": "The published withdrawal rules (minimum, fee) for new requests; a request keeps the fee it was made with (stored on it).",
  "POST /api/backoffice/referral/config/save": "The share of invitees' paid fees that referrers earn: paid by the platform out of fees already charged, it costs no user anything.",
  "POST /api/backoffice/features/save": "Switches a product (options, leverage, earn, loans) on or off per country for everybody: a switch, not a rate (PRODUCT: switched off for everybody, with notice).",
};

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

function fieldNames(schema: Schema | undefined, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== "object") return out;
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.add(name);
    fieldNames(child, out);
  }
  fieldNames(schema.items, out);
  if (typeof schema.additionalProperties === "object") fieldNames(schema.additionalProperties, out);
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) fieldNames(s, out);
  return out;
}

interface Operation {
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Finding {
  route: string;
  reasons: string[];
}

/** Every operator write that matches a rule and is not allowed, with what matched. */
function audit(doc: { paths: Record<string, Record<string, Operation>> }): { operatorRoutes: number; writes: number; findings: Finding[] } {
  const findings: Finding[] = [];
  let operatorRoutes = 0;
  let writes = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.security?.some((s) => "operator" in s)) continue;
      operatorRoutes++;
      if (method.toUpperCase() === "GET") continue;
      writes++;
      const route = `${method.toUpperCase()} ${path}`;
      if (ALLOWED[route]) continue;
      const reasons: string[] = [];
      const local = path.replace(/^\/api\/backoffice\//, "");
      if (FORBIDDEN_PATH.test(local)) reasons.push(`path ${local}`);
      if (op.summary && FORBIDDEN_SUMMARY.test(op.summary)) reasons.push(`summary "${op.summary}"`);
      const fields = new Set<string>();
      for (const p of op.parameters ?? []) fields.add(p.name);
      for (const content of Object.values(op.requestBody?.content ?? {})) fieldNames(content.schema, fields);
      const allowedFields = ALLOWED_FIELDS[route]?.fields ?? [];
      for (const f of fields) if (FORBIDDEN_FIELD.test(f) && !allowedFields.includes(f)) reasons.push(`field ${f}`);
      if (reasons.length) findings.push({ route, reasons });
    }
  }
  return { operatorRoutes, writes, findings };
}

/** Operator writes with a field that names a trading term, and the fields that matched. */
function termWrites(doc: { paths: Record<string, Record<string, Operation>> }): Array<{ route: string; fields: string[] }> {
  const found: Array<{ route: string; fields: string[] }> = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.security?.some((s) => "operator" in s) || method.toUpperCase() === "GET") continue;
      const fields = new Set<string>();
      for (const p of op.parameters ?? []) fields.add(p.name);
      for (const content of Object.values(op.requestBody?.content ?? {})) fieldNames(content.schema, fields);
      const matched = [...fields].filter((f) => TERM_FIELD.test(f));
      const local = path.replace(/^\/api\/backoffice\//, "");
      if (matched.length || /(^|\/)terms(\/|$)/.test(local)) found.push({ route: `${method.toUpperCase()} ${path}`, fields: matched });
    }
  }
  return found;
}

let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  server = await createTestServer();
  doc = (await server.app.inject({ url: "/api/openapi.json" })).json();
}, 240_000);

afterAll(async () => server?.close());

describe("route audit: no operator route can cheat", () => {
  it("finds no operator write that sets a price, tick, candle, outcome or balance outside the audited adjustment", () => {
    const result = audit(doc);
    expect(result.operatorRoutes).toBeGreaterThan(10);
    expect(result.findings).toEqual([]);
  });

  it("every allowed exception still exists (a stale entry is an error)", () => {
    for (const route of [...Object.keys(ALLOWED), ...Object.keys(ALLOWED_FIELDS)]) {
      const [method, path] = route.split(" ");
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it("would catch a route that sets a price, an outcome or a balance", () => {
    const op = (fields: Record<string, Schema>, summary = "x"): Record<string, Operation> => ({
      post: { summary, security: [{ operator: [] }], requestBody: { content: { "application/json": { schema: { type: "object", properties: fields } } } } },
    });
    const planted = {
      paths: {
        "/api/backoffice/market/set": op({ symbol: { type: "string" }, price: { type: "string" } }),
        "/api/backoffice/options/decide": op({ id: { type: "integer" }, outcome: { type: "string" } }),
        "/api/backoffice/positions/close": op({ id: { type: "integer" }, close_price: { type: "string" } }),
        "/api/backoffice/users/set_balance": op({ user_id: { type: "integer" } }),
        "/api/backoffice/feed/fix": op({ bars: { type: "array", items: { type: "object", properties: { candle_open: { type: "string" } } } } }),
        "/api/backoffice/x/y": op({}, "Set the price of a pair"),
        "/api/backoffice/users/adjust": op({ amount: { type: "string" }, balance: { type: "string" } }),
        "/api/backoffice/fine": op({ name: { type: "string" } }),
        "/api/backoffice/read": { get: { summary: "Prices and balances", security: [{ operator: [] }], parameters: [{ name: "price" }] } },
      },
    };
    const found = audit(planted).findings.map((f) => f.route);
    expect(found).toEqual([
      "POST /api/backoffice/market/set",
      "POST /api/backoffice/options/decide",
      "POST /api/backoffice/positions/close",
      "POST /api/backoffice/users/set_balance",
      "POST /api/backoffice/feed/fix",
      "POST /api/backoffice/x/y",
    ]);
  });

  it("every operator write that can change a trading term is listed with how users are protected", () => {
    const unlisted = termWrites(doc).filter((w) => !TERM_ROUTES[w.route]);
    expect(unlisted).toEqual([]);
    for (const route of Object.keys(TERM_ROUTES)) {
      const [method, path] = route.split(" ");
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it("would catch a new route that changes a fee, a spread or a leverage rule", () => {
    const op = (fields: Record<string, Schema>): Record<string, Operation> => ({
      post: { summary: "x", security: [{ operator: [] }], requestBody: { content: { "application/json": { schema: { type: "object", properties: fields } } } } },
    });
    const planted = {
      paths: {
        "/api/backoffice/market/pairs/update": op({ spread_rate: { type: "string" } }),
        "/api/backoffice/fees/save": op({ kinds: { type: "object", properties: { crypto: { type: "object", properties: { fee_rate: { type: "string" } } } } } }),
        "/api/backoffice/lever/rules": op({ leverages: { type: "array" } }),
        "/api/backoffice/market/terms/apply_now": op({ id: { type: "integer" } }),
        "/api/backoffice/fine": op({ name: { type: "string" } }),
      },
    };
    expect(termWrites(planted).filter((w) => !TERM_ROUTES[w.route]).map((w) => w.route)).toEqual([
      "POST /api/backoffice/fees/save",
      "POST /api/backoffice/lever/rules",
      "POST /api/backoffice/market/terms/apply_now",
    ]);
  });
});

