import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/harness";
import { hashPassword } from "../auth";
import { operatorSecretKey, operatorSecrets, SecretBox } from "../platform/secret-box";
import { newTotpSecret, totpCode } from "../platform/totp";
import { OperatorService } from "./operators.service";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const storedSecret = async (name: string) =>
  (await server.database.query<{ totp_secret: string }>("SELECT totp_secret FROM operators WHERE name = $1", [name]))[0].totp_secret;

const login = async (name: string, secret: string) => {
  server.clock.advance(30_000);
  return server.call("POST", "backoffice/login", { name, password: "operator-pass-1", totp: await totpCode(secret, server.clock.now()) });
};

describe("operators' TOTP secrets at rest", () => {
  it("are stored sealed (AES-256-GCM), never in plain text, and sign-in still works", async () => {
    const service = new OperatorService(server.database.db, server.clock, operatorSecrets(server.ctx.config));
    const created = await service.create("sealed_op", "operator-pass-1", "admin");
    const stored = await storedSecret("sealed_op");
    expect(stored.startsWith("v1:")).toBe(true);
    expect(stored).not.toContain(created.secret);
    expect((await login("sealed_op", created.secret)).status).toBe(200);
  });

  it("seals plain secrets left by an earlier version at start, and they keep working", async () => {
    const secret = newTotpSecret();
    await server.database.query("INSERT INTO operators (name, password_hash, totp_secret, role) VALUES ($1, $2, $3, 'admin')", ["plain_op", await hashPassword("operator-pass-1"), secret]);
    await new OperatorService(server.database.db, server.clock, operatorSecrets(server.ctx.config)).sealStoredSecrets();
    expect(SecretBox.isSealed(await storedSecret("plain_op"))).toBe(true);
    expect((await login("plain_op", secret)).status).toBe(200);
  });

  it("stops the start with a clear message when the key is not the one they were sealed with", async () => {
    const otherKey = new SecretBox(randomBytes(32));
    await expect(new OperatorService(server.database.db, server.clock, otherKey).sealStoredSecrets()).rejects.toThrow(/OPERATOR_SECRET_KEY does not open/);
  });

  it("generates the key once into the data folder (0600) when OPERATOR_SECRET_KEY is unset", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-key-"));
    try {
      const first = operatorSecretKey({ DATA_DIR: dataDir });
      const again = operatorSecretKey({ DATA_DIR: dataDir });
      expect(first.length).toBe(32);
      expect(again.equals(first)).toBe(true);
      expect(fs.statSync(path.join(dataDir, "operator-secret.key")).mode & 0o777).toBe(0o600);
      const configured = "ab".repeat(32);
      expect(operatorSecretKey({ DATA_DIR: dataDir, OPERATOR_SECRET_KEY: configured }).toString("hex")).toBe(configured);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a value sealed under another key or altered", () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(box.open(sealed)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BA" : "AA");
    expect(() => box.open(altered)).toThrow();
  });
});
