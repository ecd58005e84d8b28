import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalBus } from "../platform/bus";
import { createTestServer, type TestServer } from "../testing/harness";
import { SessionService } from "./sessions";

/**
 * SESSION_REMEMBER_MS: a session read lately is taken as read, without a query, and every way the app ends a session
 * or changes what it carries forgets it at once (the rest of the server suite runs with 0, reading every time).
 */
describe("remembered sessions", () => {
  let server: TestServer;
  const REMEMBER_MS = 5_000;
  const info = (token: string) => server.call("GET", "user/info", {}, { token });
  /** Ends the session behind the app's back: only a read of the row sees it. */
  const revokeInTable = (id: number) => server.database.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1", [id]);

  beforeAll(async () => {
    server = await createTestServer({ SESSION_REMEMBER_MS: REMEMBER_MS });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a session read lately without reading it again, and reads it once the time is over", async () => {
    const user = await server.newUser();
    expect((await info(user.token)).status).toBe(200);
    await revokeInTable(user.id);
    // Remembered: the row changed behind the app's back is not read again within the time.
    expect((await info(user.token)).status).toBe(200);
    const sessions = new SessionService(server.database.db, server.clock, 30, 72 * 3_600_000, { rememberMs: 1 });
    const other = await server.newUser();
    expect(await sessions.authenticate(other.token)).toMatchObject({ id: other.id });
    await revokeInTable(other.id);
    await new Promise((r) => setTimeout(r, 5));
    expect(await sessions.authenticate(other.token)).toBeNull();
  });

  it("refuses at once after logout, and after an operator freezes the account", async () => {
    const user = await server.newUser();
    expect((await info(user.token)).status).toBe(200);
    expect((await server.call("POST", "user/logout", {}, { token: user.token })).status).toBe(200);
    expect((await info(user.token)).body).toMatchObject({ type: 999 });

    const frozen = await server.newUser();
    const admin = await server.newOperator("admin");
    expect((await info(frozen.token)).status).toBe(200);
    expect((await server.call("POST", "backoffice/users/freeze", { user_id: frozen.id }, { token: admin.token })).status).toBe(200);
    expect((await info(frozen.token)).body).toMatchObject({ type: 999 });
  });

  it("keeps a remembered session within its lifetimes: past its absolute or idle lifetime it is over", async () => {
    const user = await server.newUser();
    expect((await info(user.token)).status).toBe(200);
    server.clock.advance(31 * 86_400_000);
    expect((await info(user.token)).body).toMatchObject({ type: 999 });
  });

  it("carries a changed language at once, in every process", async () => {
    const user = await server.newUser();
    // Another process on the same bus, which has read the session lately.
    const elsewhere = new SessionService(server.database.db, server.clock, 30, 72 * 3_600_000, { rememberMs: REMEMBER_MS, bus: server.ctx.bus });
    expect(await elsewhere.authenticate(user.token)).toMatchObject({ lang: "en" });
    expect((await server.call("POST", "set/lang", { lang: "es" }, { token: user.token })).status).toBe(200);
    expect(await elsewhere.authenticate(user.token)).toMatchObject({ lang: "es" });
  });

  it("forgets in every process through the bus, and never remembers a session whose end raced its read", async () => {
    const bus = createLocalBus();
    const options = { rememberMs: REMEMBER_MS, bus };
    const a = new SessionService(server.database.db, server.clock, 30, 72 * 3_600_000, options);
    const b = new SessionService(server.database.db, server.clock, 30, 72 * 3_600_000, options);
    const user = await server.newUser();
    const seen = await b.authenticate(user.token);
    expect(seen).toMatchObject({ id: user.id });
    // Process a ends it: b forgets at once, though its read is still fresh.
    await server.database.db.transaction((tx) => a.revoke(tx, seen!.sessionId));
    expect(await b.authenticate(user.token)).toBeNull();

    // A read racing an end (the end told before the read's row changed): what it found is not remembered.
    const racer = await server.newUser();
    const session = await a.authenticate(racer.token);
    a.forget({ sessionIds: [session!.sessionId] });
    expect(await b.authenticate(racer.token)).toMatchObject({ id: racer.id });
    await revokeInTable(racer.id);
    expect(await b.authenticate(racer.token)).toBeNull();
  });
});
