import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Sealed values start with their format, so plain values left from before can be told apart (and sealed once). */
const PREFIX = "v1:";
const KEY_FILE = "operator-secret.key";

/**
 * Secrets the server must read back (operators' TOTP secrets) are stored sealed with AES-256-GCM under a key from
 * the environment: a copy of the database alone does not give an operator's second factor. Format
 * `v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("The secret key must be 32 bytes");
  }

  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  /** Throws when the value was sealed under another key (or altered). */
  open(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error("not a sealed value");
    const raw = Buffer.from(sealed.slice(PREFIX.length), "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}

/**
 * The key: `OPERATOR_SECRET_KEY` (64 hex characters) when set; otherwise (the embedded default) a key generated once
 * into `<DATA_DIR>/operator-secret.key`, readable by the owner only (0600). Several processes on PostgreSQL must
 * share one key: set the variable.
 */
export function operatorSecretKey(config: { OPERATOR_SECRET_KEY?: string; DATA_DIR: string }): Buffer {
  if (config.OPERATOR_SECRET_KEY) return Buffer.from(config.OPERATOR_SECRET_KEY, "hex");
  const file = path.join(config.DATA_DIR, KEY_FILE);
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const hex = fs.readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} must hold 64 hex characters (the operator secret key)`);
  return Buffer.from(hex, "hex");
}

/** The box of operators' secrets for this configuration. */
export const operatorSecrets = (config: { OPERATOR_SECRET_KEY?: string; DATA_DIR: string }): SecretBox => new SecretBox(operatorSecretKey(config));
