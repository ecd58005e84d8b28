import { and, eq, sql } from "drizzle-orm";
import type { OperatorInfo } from "../../contract/backoffice";
import type { Clock } from "../platform/clock";
import { randomToken, safeEqualHex, sha256Hex } from "../platform/crypto";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { settings } from "../platform/platform.schema";
import { getSetting, putSetting } from "../platform/settings";
import type { SecretBox } from "../platform/secret-box";
import { checkTotp, newTotpSecret, totpUri } from "../platform/totp";
import { operators } from "./backoffice.schema";
import type { OperatorService } from "./operators.service";

export const SETUP_KEY = "backoffice.first_run";
/** A setup link is good for a day; a later start prints a new one while no operator exists. */
export const SETUP_LINK_MS = 24 * 3_600_000;

interface SetupRecord {
  /** sha256 of the link's token: the token itself is only ever printed. */
  token_hash: string;
  expires_at_ms: number;
  /** The TOTP secret offered to the first operator (sealed like every operator's), once the page asked for it. */
  secret?: string;
}

/**
 * The first run: while no operator exists, each start prints a one-time link; its page enrols the first operator
 * (admin) with a TOTP secret and creates it only once a code from the authenticator proves the enrolment.
 */
export class FirstRunSetup {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly operators: OperatorService,
  ) {}

  /** A new setup token (the previous link stops working), or null once an operator exists. */
  async issueToken(): Promise<string | null> {
    if (await this.operatorExists()) {
      await this.db.delete(settings).where(eq(settings.key, SETUP_KEY));
      return null;
    }
    const token = randomToken();
    const record: SetupRecord = { token_hash: sha256Hex(token), expires_at_ms: this.clock.now().getTime() + SETUP_LINK_MS };
    await putSetting(this.db, SETUP_KEY, record);
    return token;
  }

  /** The secret the first operator scans; the same one on every visit of the page, until the link is used. */
  async begin(token: string, name: string): Promise<{ secret: string; uri: string }> {
    const record = await this.validRecord(token);
    let secret = record.secret ? this.secrets.open(record.secret) : null;
    if (!secret) {
      secret = newTotpSecret();
      await putSetting(this.db, SETUP_KEY, { ...record, secret: this.secrets.seal(secret) });
    }
    return { secret, uri: totpUri(secret, `backoffice:${name}`) };
  }

  /** Creates the first operator once the code matches the offered secret, then signs it in; the link is used up. */
  async finish(input: { token: string; name: string; password: string; totp: string }, ip: string): Promise<{ token: string; operator: OperatorInfo }> {
    const record = await this.validRecord(input.token);
    const secret = record.secret ? this.secrets.open(record.secret) : null;
    if (!secret || !(await checkTotp(secret, input.totp, this.clock.now()))) throw new DomainError("GOOGLE_CODE_INVALID", "totp");
    // Used once: of two racing requests, only the one that removes the record goes on.
    const used = await this.db
      .delete(settings)
      .where(and(eq(settings.key, SETUP_KEY), sql`${settings.value}->>'token_hash' = ${record.token_hash}`))
      .returning({ key: settings.key });
    if (!used.length) throw new DomainError("SETUP_LINK_INVALID");
    await this.operators.create(input.name, input.password, "admin", secret);
    return this.operators.login({ name: input.name, password: input.password, totp: input.totp }, ip);
  }

  private async validRecord(token: string): Promise<SetupRecord> {
    const record = await getSetting<SetupRecord>(this.db, SETUP_KEY);
    const valid =
      record !== null &&
      safeEqualHex(record.token_hash, sha256Hex(token)) &&
      this.clock.now().getTime() < record.expires_at_ms &&
      !(await this.operatorExists());
    if (!valid) throw new DomainError("SETUP_LINK_INVALID");
    return record;
  }

  private async operatorExists(): Promise<boolean> {
    return (await this.db.select({ id: operators.id }).from(operators).limit(1)).length > 0;
  }
}
