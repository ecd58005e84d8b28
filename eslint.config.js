// The house rules of ARCHITECTURE.md as checks. `npm run lint` runs this; `npm test` runs it after the typecheck.
//
// Zones (eslint-plugin-boundaries): every file of the repository belongs to one element type below, and
// `boundaries/element-types` says which zones each zone may import. A new server domain or client feature is born
// inside the rules: add its name to SERVER_DOMAINS (with the domains it may use) or let `src/features/*` pick it up.
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Server domains and the other domains each may use, always through the used domain's `index.ts` (its door: what it
 * exports on purpose). `platform/` and `contract/` are open to every domain; a domain not listed here is an error
 * (`boundaries/no-unknown-files`), so a new folder gets its line when it is created. The graph has no cycle, and it
 * is the real one: test/lint/domain-graph.test.ts fails on an edge no import uses.
 */
export const SERVER_DOMAINS = {
  ledger: [],
  auth: [],
  backoffice: ["auth"],
  account: ["auth"],
  wallet: ["ledger"],
  // Announced changes of trading terms (a pair's spread, the trading configurations): storage, notices, the job.
  terms: ["ledger"],
  // The venues' feeds: one adapter interface, the venues' wire protocols, the simulator, the crypto venues' mix.
  feeds: [],
  market: ["feeds", "ledger", "wallet", "terms"],
  funding: ["auth", "backoffice", "ledger", "wallet"],
  money: ["wallet", "funding"],
  content: ["auth", "backoffice"],
  kyc: ["auth", "backoffice"],
  "user-admin": ["auth", "backoffice", "kyc", "ledger", "wallet"],
  // The order desk: the one keyed batch-order protocol (claim the keys, lock the balances, decide, write, free the
  // refused keys) that positions, spot and options place their orders through.
  orders: ["ledger"],
  // The trigger machinery (take-profit, stop-loss, liquidation, expiry) that positions, spot and options share.
  triggers: ["market"],
  // Trading: the shared triggers, the ledger, prices, money (withdrawal guards), users, KYC's per-country product switches.
  positions: ["orders", "triggers", "ledger", "market", "terms", "money", "auth", "kyc"],
  spot: ["orders", "triggers", "ledger", "market", "terms", "auth"],
  // Price alerts: a source of the shared triggers, on the market's ticks (the ledger's decimals only).
  alerts: ["triggers", "ledger", "market"],
  // Options also read the positions domain's configuration and forex sessions, through its door.
  options: ["orders", "triggers", "positions", "ledger", "market", "terms", "auth", "kyc"],
  // Earn (AI arbitrage, hosting) and credit loans: ledger holds and payouts, KYC (switches, verified status).
  earn: ["ledger", "kyc"],
  loans: ["ledger", "auth", "kyc", "wallet", "backoffice"],
  // Proof of liabilities: balances read per currency (ledger), operator names in the history.
  proof: ["ledger", "backoffice"],
  // Customer-service chat: users (the account beside a conversation) and their wallets.
  support: ["auth", "ledger"],
  // Referral: users (inviters), the ledger (rewards, commission out of the fees account).
  referral: ["auth", "ledger"],
  // Disclosures (the loss share): the results are read by the settling domains and handed in by app.ts.
  disclosures: [],
  // Web Push to the user's devices: sessions (a subscription lives and ends with one); committed notices arrive as events.
  push: ["auth"],
  // The back office's dashboard: each queue's count and the setup checklist, asked of the domains that own them.
  overview: ["funding", "kyc", "loans", "support", "content", "market", "earn", "proof", "referral", "push"],
  // The signed-in home's first data in one round trip: each part asked of the domain whose call answers it.
  home: ["auth", "wallet", "content", "market", "support"],
};

const domainNames = Object.keys(SERVER_DOMAINS);

// The graph itself is checked when the config loads: every name is a domain, and no arrow runs back up.
(function checkDomainGraph() {
  const state = {};
  const visit = (domain, path) => {
    if (state[domain] === "done") return;
    if (state[domain] === "open") throw new Error(`eslint.config.js: server domains form a cycle: ${[...path, domain].join(" -> ")}`);
    state[domain] = "open";
    for (const used of SERVER_DOMAINS[domain]) {
      if (!(used in SERVER_DOMAINS)) throw new Error(`eslint.config.js: ${domain} uses unknown domain ${used}`);
      visit(used, [...path, domain]);
    }
    state[domain] = "done";
  };
  domainNames.forEach((domain) => visit(domain, []));
})();

/**
 * Every table of a server domain, by name, and the domain that owns it: the `pgTable("name", ...)` calls of its
 * `*.schema.ts` files (platform's tables are open to every domain, as platform is).
 */
const root = import.meta.dirname;
const tableOwners = Object.fromEntries(
  domainNames.flatMap((domain) => {
    const dir = path.join(root, "server/src", domain);
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".schema.ts"))
      .flatMap((file) => [...fs.readFileSync(path.join(dir, file), "utf8").matchAll(/pgTable\(\s*"([a-z0-9_]+)"/g)].map(([, table]) => [table, domain]));
  }),
);

/**
 * Platform knows no domain, not even by name: its strings (SQL, keys, lists) name no domain's table, so a platform
 * module serves a new domain without an edit (the domain hands platform its names, as `imagePurpose` does). A name
 * inside a dotted or colon key (`realtime.users`) is the key's own word, not the table.
 */
function platformNamesNoDomain(context) {
  const tables = new RegExp(`(?<![\\w.:])(${Object.keys(tableOwners).join("|")})(?![\\w.:])`);
  const check = (node, text) => {
    const table = tables.exec(text);
    if (table) context.report({ node, messageId: "platformTable", data: { table: table[1], owner: tableOwners[table[1]] } });
  };
  return {
    TemplateElement: (node) => check(node, node.value.raw),
    Literal(node) {
      if (typeof node.value === "string") check(node, node.value);
    },
  };
}

/**
 * Domains meet through their doors, not their tables: a domain's tables live in its `*.schema.ts` files and leave
 * them only to the domain's own files (no file re-exports a table, so no door can hand one out), and a domain's SQL
 * names no other domain's table (`FROM users`, `JOIN ledger_postings`): it asks the owner's door instead.
 */
const ownTables = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { sql: { type: "boolean" } }, additionalProperties: false }],
    messages: {
      exported: "A table stays in its domain: export an operation on it from the door, not the table (ARCHITECTURE.md, \"Server domains and their doors\").",
      outsideSchema: "A domain's tables are defined in its *.schema.ts files.",
      platformTable: "Platform names no domain's table ('{{table}}' is the {{owner}} domain's): let the domain pass it in (ARCHITECTURE.md, \"Server domains and their doors\").",
      foreignSql: "SQL on table '{{table}}' of the {{owner}} domain: ask the {{owner}} door (ARCHITECTURE.md, \"Server domains and their doors\").",
    },
  },
  create(context) {
    const [here, under, domain] = path.relative(root, context.filename).split(path.sep);
    if (here === "server" && under === "src" && domain === "platform") return context.options[0]?.sql === false ? {} : platformNamesNoDomain(context);
    if (here !== "server" || under !== "src" || !(domain in SERVER_DOMAINS)) return {};
    const inSchema = context.filename.endsWith(".schema.ts");
    const isSchema = (source) => /\.schema(\.ts)?$/.test(source);
    const foreign = Object.keys(tableOwners).filter((table) => tableOwners[table] !== domain);
    const sqlOn = context.options[0]?.sql === false || !foreign.length ? null : new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO)\\s+(${foreign.join("|")})\\b`, "i");
    const fromSchema = new Set();
    const checkText = (node, text) => {
      const found = sqlOn?.exec(text);
      if (found) context.report({ node, messageId: "foreignSql", data: { table: found[1], owner: tableOwners[found[1].toLowerCase()] } });
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind === "type" || !isSchema(node.source.value)) return;
        for (const specifier of node.specifiers) if (specifier.importKind !== "type") fromSchema.add(specifier.local.name);
      },
      ExportNamedDeclaration(node) {
        if (inSchema || node.exportKind === "type") return;
        const tables = node.specifiers.filter((s) => s.exportKind !== "type" && (node.source ? isSchema(node.source.value) : fromSchema.has(s.local.name)));
        for (const specifier of tables) context.report({ node: specifier, messageId: "exported" });
      },
      ExportAllDeclaration(node) {
        if (!inSchema && node.exportKind !== "type" && isSchema(node.source.value)) context.report({ node, messageId: "exported" });
      },
      CallExpression(node) {
        if (!inSchema && node.callee.type === "Identifier" && node.callee.name === "pgTable") context.report({ node, messageId: "outsideSchema" });
      },
      TemplateElement: (node) => checkText(node, node.value.raw),
      Literal(node) {
        if (typeof node.value === "string") checkText(node, node.value);
      },
    };
  },
};

/** Every file, by where it sits. The first matching pattern wins, so the server comes before `src/`. */
const elements = [
  // Server
  { type: "server-testing", pattern: "server/src/testing", mode: "folder" },
  { type: "server-platform", pattern: "server/src/platform", mode: "folder" },
  { type: "server-domain", pattern: `server/src/{${domainNames.join(",")}}`, mode: "folder", capture: ["domain"] },
  { type: "server-root", pattern: "server/src/*.ts", mode: "full" },
  // The API contract: zod only, imported by both sides.
  { type: "contract", pattern: "server/contract", mode: "folder" },
  { type: "server-migrations", pattern: "server/migrations", mode: "folder" },
  // Client (whole paths from the root: `src/backoffice` must not catch `server/src/backoffice`)
  { type: "client-entry", pattern: ["src/*.ts", "src/*.tsx"], mode: "full" },
  { type: "app", pattern: "src/app/**", mode: "full" },
  { type: "feature", pattern: "src/features/*/**", mode: "full", capture: ["feature"] },
  { type: "shared", pattern: "src/shared/**", mode: "full" },
  { type: "backoffice-app", pattern: "src/backoffice/**", mode: "full" },
  { type: "sw", pattern: "sw/**", mode: "full" },
  // Whole-system checks and tools: they may look anywhere.
  { type: "tooling", pattern: ["test/**", "bench/**", "scripts/**", "*.ts", "*.js"], mode: "full" },
];

/** A server domain and the domains it may use; its tests may also use the test harness and `app.ts`. */
const domainRules = (tests) =>
  Object.entries(SERVER_DOMAINS).map(([domain, uses]) => ({
    from: [["server-domain", { domain }]],
    allow: [
      "server-platform",
      "contract",
      ["server-domain", { domain }],
      ...uses.map((used) => ["server-domain", { domain: used }]),
      ...(tests ? ["server-testing", "server-root"] : []),
    ],
  }));

const elementTypes = (tests) => [
  "error",
  {
    default: "disallow",
    message: "${file.type} must not import ${dependency.type} (ARCHITECTURE.md: what crosses each boundary)",
    rules: [
      // Client: app -> features -> shared, one way; features never import each other.
      { from: "client-entry", allow: ["app", "shared", "contract"] },
      { from: "app", allow: ["app", "feature", "shared", "contract"] },
      { from: [["feature", { feature: "*" }]], allow: [["feature", { feature: "${from.feature}" }], "shared", "contract"] },
      { from: "shared", allow: ["shared", "contract"] },
      { from: "backoffice-app", allow: ["backoffice-app", "shared", "contract"] },
      { from: "sw", allow: ["sw", "shared", "contract"] },
      { from: "contract", allow: ["contract"] },
      // Server: platform knows no domain; domains use platform, the contract and the doors of the domains they list.
      { from: "server-platform", allow: ["server-platform", "contract", ...(tests ? ["server-testing", "server-root"] : [])] },
      ...domainRules(tests),
      { from: "server-root", allow: ["server-root", "server-domain", "server-platform", "contract"] },
      { from: "server-testing", allow: ["server-testing", "server-root", "server-domain", "server-platform", "contract"] },
      { from: "tooling", allow: ["*"] },
    ],
  },
];

const boundaryRules = {
  "boundaries/no-unknown-files": "error",
  "boundaries/no-unknown": "error",
  "boundaries/element-types": elementTypes(false),
  // A domain reaches another only through its `index.ts`; inside a domain, any file.
  "boundaries/entry-point": [
    "error",
    {
      default: "allow",
      message: "reach server domain '${dependency.domain}' through its index.ts (what it exports on purpose), not ${dependency.internalPath}",
      // The later rule wins: everything is closed, then the door is opened.
      rules: [
        { target: ["server-domain"], disallow: ["**"] },
        { target: ["server-domain"], allow: ["index.ts"] },
      ],
    },
  ],
};

/**
 * What the client may import: no zod, no server code, the contract's runtime files only; jotai in the state store
 * alone and ky in the HTTP client alone (one home each). `home` names the library the calling file is the home of.
 */
function clientImports(home) {
  const homes = [
    { name: "jotai", file: "src/shared/state/store.ts" },
    { name: "ky", file: "src/shared/api/client.ts" },
  ].filter((lib) => lib.name !== home);
  return [
    "error",
    {
      paths: [
        { name: "zod", message: "No zod in the client: the server parses every output with the contract." },
        { name: "@contract", message: "Import call types with `import type`; at run time only successes, constants and messages.", allowTypeImports: true },
      ],
      patterns: [
        { group: ["**/server/src/**"], message: "Nothing in src/ imports server code; the contract is the only shared part." },
        {
          group: ["@contract/*", "!@contract/successes", "!@contract/constants", "!@contract/countries", "!@contract/messages", "!@contract/request-errors", "!@contract/push-kinds"],
          message: "Import call types with `import type`; at run time only successes, constants, countries, messages, request-errors and push-kinds (they carry no zod).",
          allowTypeImports: true,
        },
        ...homes.map((lib) => ({ group: [lib.name, `${lib.name}/*`], message: `Only ${lib.file} imports ${lib.name}: use what it exports.` })),
      ],
    },
  ];
}

const domainErrorField = {
  selector: "NewExpression[callee.name='DomainError'] > ObjectExpression > Property > Literal[value=/[\\u4e00-\\u9fff]/]",
  message: "Name the field only (new DomainError(code, \"field\")): the field then carries the code's own message key.",
};

/** A leg's account written by hand as `{ platform: "fees" }` (or `"fees" as const`). */
const platformAccountNamed = {
  selector: "ObjectExpression[properties.length=1] > Property[key.name='platform']:matches([value.type='Literal'], [value.expression.type='Literal'])",
  message: "Platform accounts are named in the ledger only: ask for a transfer kind (transfers.depositCredit(...), ledger/transfers.ts) and spread it into the posting.",
};

/**
 * A list of callbacks that another domain pushes into (`readonly onEnded: Array<(...) => ...> = []`): what follows a
 * decision is a declared domain event (platform/events.ts), subscribed where it is used.
 */
const hookList = {
  selector:
    "PropertyDefinition:not([accessibility='private']) > TSTypeAnnotation > TSArrayType > TSFunctionType, " +
    "PropertyDefinition:not([accessibility='private']) > TSTypeAnnotation > TSTypeReference[typeName.name=/^(Array|ReadonlyArray)$/] > TSTypeParameterInstantiation > TSFunctionType",
  message: "No hook lists that other code fills: declare a domain event (platform/events.ts) and subscribe to it where it is used.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "dist/**",
      "dist-*/**",
      "data/**",
      ".tmp/**",
      "test-results/**",
      "playwright-report/**",
      "locales/**/*.ts",
      "locales/**/*.js",
      "**/*.d.ts",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Every eslint-disable says why, after `--`.
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      "@eslint-community/eslint-comments/disable-enable-pair": ["error", { allowWholeFile: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      // Control characters in patterns are deliberate here: inputs and operator HTML are refused or cleaned of them.
      "no-control-regex": "off",
    },
  },
  // Import boundaries: TypeScript paths (`@/`, `@contract`) resolve through tsconfig.json.
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/include": ["src/**/*", "sw/**/*", "server/**/*", "test/**/*", "bench/**/*", "scripts/**/*", "*.ts", "*.js"],
      "boundaries/ignore": ["**/*.css", "**/*.json", "locales/**"],
      "boundaries/dependency-nodes": ["import", "dynamic-import", "export"],
      "import/resolver": { typescript: { project: "tsconfig.json" }, node: true },
    },
    rules: boundaryRules,
  },
  // No import circles between files (ARCHITECTURE.md): a file and what it imports are a tree, lazy imports included.
  {
    files: ["src/**/*.{ts,tsx}", "sw/**/*.ts", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: false }] },
  },
  // A domain's tables are its own (ownTables above).
  { files: ["server/src/**/*.ts"], plugins: { domains: { rules: { "own-tables": ownTables } } }, rules: { "domains/own-tables": "error" } },
  // Tests beside a domain's code set up and check rows in any table, as the whole-system tests do; their imports
  // still go through the doors.
  { files: ["server/src/**/*.test.ts"], rules: { "domains/own-tables": ["error", { sql: false }] } },
  // Whole-system tests, benchmarks and scripts may open any file (they wire services by hand, time the internals).
  { files: ["test/**", "bench/**", "scripts/**"], rules: { "boundaries/entry-point": "off" } },
  // A refusal names its code once: `new DomainError("ACCOUNT_EXISTS", "account")`, not the code's message key again;
  // and no hook lists (hookList above).
  { files: ["server/src/**/*.ts"], rules: { "no-restricted-syntax": ["error", domainErrorField, hookList] } },
  // The platform's accounts are named in the ledger alone (ledger/transfers.ts): a domain asks for a transfer kind.
  {
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/ledger/**", "server/src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", domainErrorField, hookList, platformAccountNamed],
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/ledger/accounts"], message: "The platform's accounts stay in the ledger: post a transfer kind (ledger/transfers.ts)." }] }],
    },
  },
  // Tests beside the code may also use the harness (server/src/testing) and build the app.
  { files: ["server/src/**/*.test.ts"], rules: { "boundaries/element-types": elementTypes(true) } },
  // The client: React hooks, no zod, no server code, the contract's runtime files only.
  {
    files: ["src/**/*.{ts,tsx}", "sw/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The two rules of hooks. The React Compiler's rules (set-state-in-effect, refs, ...) stay off: the app is not
      // compiled by it, and its "latest value in a ref" and "reset the form when the data arrives" patterns are deliberate.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-restricted-imports": clientImports(),
    },
  },
  // The state library and the HTTP library each have one home; those homes keep every other client rule.
  { files: ["src/shared/state/store.ts"], rules: { "@typescript-eslint/no-restricted-imports": clientImports("jotai") } },
  { files: ["src/shared/api/client.ts"], rules: { "@typescript-eslint/no-restricted-imports": clientImports("ky") } },
  // No literal user-visible text: lingui macros (the ten catalogues stay complete). What may stay literal: the brand,
  // pair symbols, SVG paths, CSS colours, lazy-route export names, and strings with no letters at all.
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx"],
    plugins: { lingui },
    rules: {
      ...lingui.configs["flat/recommended"].rules,
      // Off: expressions such as `${pair.symbol}` become `{0}` placeholders. Naming them is a catalogue-wide
      // rewrite of 74 messages in ten languages; the placeholders still reach translators in place.
      "lingui/no-expression-in-message": "off",
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: [
            "^TradeWise$",
            // A single token that starts in lower case or holds a non-letter: keys, paths, field names, units, URLs.
            "^[a-z]\\S*$",
            "^(?=\\S*[^\\p{L}\\s])\\S+$",
            // A constant's name, an SVG path, a CSS colour.
            "^[A-Z][A-Z0-9_]*$",
            "^[MmLlHhVvCcSsQqTtAaZz][0-9MmLlHhVvCcSsQqTtAaZz., -]*$",
            "^rgba?\\(",
            "^-?[0-9.]+(px|em|rem|%|vh|vw)?( -?[0-9.]+(px|em|rem|%|vh|vw)?)*$",
          ],
          ignoreNames: [
            { regex: { pattern: "^(className|key|type|name|id|to|href|src|rel|target|role|inputMode|autoComplete|enterKeyHint|accept|capture|method|lang|dir|htmlFor|form|pattern|variant|tone|size|align|mode|icon|kind|layout|width|height|viewBox|d|fill|stroke|storageKey|data-.*)$" } },
            { regex: { pattern: "^[A-Z0-9_]+$" } },
          ],
          ignoreFunctions: ["insert", "navigate", "useSWR", "lazyPage", "firstRoute", "documentPage", "console.*", "Error", "*.getItem", "*.setItem", "*.removeItem", "*.addEventListener", "*.removeEventListener", "*.querySelector", "*.startsWith", "*.endsWith", "*.includes", "new URLSearchParams", "*.get", "*.set", "*.has"],
        },
      ],
    },
  },
);
