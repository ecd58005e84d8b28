import path from "node:path";
import { is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refusalsOf, root } from "./probe";
import { SERVER_DOMAINS } from "../../eslint.config.js";

/**
 * ARCHITECTURE.md's claim that server domains meet through their doors, not their tables, checked by the linter
 * itself (`domains/own-tables` in eslint.config.js). Each probe is a file's text linted as if it sat at that path, so
 * the real config decides; then every real door is loaded and holds no table.
 */

const refusals = refusalsOf("domains/own-tables");

describe("a domain's tables stay its own", () => {
  it("refuses a door that hands out a table, whichever way it is re-exported", async () => {
    expect(await refusals("server/src/auth/index.ts", 'export { users } from "./auth.schema";\n')).toEqual([expect.stringContaining("A table stays in its domain")]);
    expect(await refusals("server/src/auth/index.ts", 'export * from "./auth.schema";\n')).toHaveLength(1);
    expect(await refusals("server/src/auth/index.ts", 'import { users } from "./auth.schema";\nexport { users };\n')).toHaveLength(1);
    // A file the door re-exports cannot pass a table on either.
    expect(await refusals("server/src/auth/probe.ts", 'import { sessions } from "./auth.schema";\nexport { sessions as liveSessions };\n')).toHaveLength(1);
  });

  it("lets a door export a row's type, and the domain's own files use its tables", async () => {
    expect(await refusals("server/src/auth/index.ts", 'export type { UserRow } from "./auth.schema";\n')).toEqual([]);
    expect(await refusals("server/src/auth/probe.ts", 'import { users } from "./auth.schema";\nexport const probe = users.id;\n')).toEqual([]);
  });

  it("refuses a table defined outside a *.schema.ts file", async () => {
    const probe = 'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const notes = pgTable("notes", { body: text("body") });\n';
    expect(await refusals("server/src/support/probe.ts", probe)).toEqual([expect.stringContaining("*.schema.ts")]);
    expect(await refusals("server/src/support/probe.schema.ts", probe)).toEqual([]);
  });

  it("refuses SQL on another domain's table, and names the door to ask", async () => {
    const ledgerSql = 'import { sql } from "drizzle-orm";\nexport const probe = sql`SELECT p.amount\n  FROM referral_income r JOIN ledger_postings p ON p.id = r.entry_id`;\n';
    expect(await refusals("server/src/referral/probe.ts", ledgerSql)).toEqual(["SQL on table 'ledger_postings' of the ledger domain: ask the ledger door (ARCHITECTURE.md, \"Server domains and their doors\")."]);
    expect(await refusals("server/src/proof/probe.ts", 'export const probe = "update users set frozen = true";\n')).toEqual([expect.stringContaining("'users' of the auth domain")]);
    // Its own tables pass, and the ledger's own SQL.
    expect(await refusals("server/src/referral/probe.ts", 'import { sql } from "drizzle-orm";\nexport const probe = sql`SELECT amount FROM referral_income`;\n')).toEqual([]);
    expect(await refusals("server/src/ledger/probe.ts", 'import { sql } from "drizzle-orm";\nexport const probe = sql`SELECT amount FROM ledger_postings`;\n')).toEqual([]);
  });

  it("refuses platform code that names a domain's table, in SQL or in a list of names", async () => {
    expect(await refusals("server/src/platform/probe.ts", 'export const probe = `DELETE FROM spot_orders WHERE id = 1`;\n')).toEqual([expect.stringContaining("'spot_orders' is the spot domain's")]);
    expect(await refusals("server/src/platform/probe.ts", 'export const keyed = ["positions", "options"];\n')).toHaveLength(2);
    // A word of a dotted or colon key is the key's own, and platform's own tables pass.
    expect(await refusals("server/src/platform/probe.ts", 'export const probe = ["realtime.users", "user:1:notice", "SELECT 1 FROM settings"];\n')).toEqual([]);
  });

  it("lets a domain's own tests set up and check rows in any table (the one exemption)", async () => {
    expect(await refusals("server/src/referral/probe.test.ts", 'export const probe = "UPDATE users SET review_status = 2";\n')).toEqual([]);
    expect(await refusals("server/src/referral/probe.test.ts", 'import { users } from "../auth/auth.schema";\nexport { users };\n')).toHaveLength(1);
  });

  it("every real door holds no table", async () => {
    const tables: string[] = [];
    for (const domain of Object.keys(SERVER_DOMAINS)) {
      const door = (await import(path.join(root, "server/src", domain, "index.ts"))) as Record<string, unknown>;
      tables.push(...Object.entries(door).filter(([, value]) => is(value, Table)).map(([name]) => `${domain}.${name}`));
    }
    expect(tables).toEqual([]);
  });
});
