import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, lt, or, sql } from "drizzle-orm";
import { PASSKEYS_MAX } from "../../contract/constants";
import type { Passkey } from "../../contract/passkey";
import type { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from "../../contract/webauthn";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import { DomainError } from "../platform/errors";
import { passkeyChallenges, passkeys } from "./auth.schema";
import { WITHDRAW_LOCK_MS } from "./user-records";
import { userRecords } from "./user-records";

/** A challenge answers once, within this long (the browser's own prompt times out with it). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** ES256 first (every passkey provider has it), RS256 for Windows Hello. */
const ALGORITHMS = [-7, -257];

type Purpose = "register" | "login" | "step_up";

/** The challenge the browser signed, read from its client data; an unreadable one is simply not a challenge of ours. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    if (typeof data.challenge === "string" && data.challenge.length <= 256) return data.challenge;
  } catch {
    // falls through to the refusal
  }
  throw new DomainError("PASSKEY_INVALID");
}

/** The signature counter in authenticator data (rpIdHash 32 bytes, flags 1, then a big-endian uint32). */
function counterOf(authenticatorData: string): number {
  const bytes = Buffer.from(authenticatorData, "base64url");
  if (bytes.length < 37) throw new DomainError("PASSKEY_INVALID");
  return bytes.readUInt32BE(33);
}

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registration from the security centre, and assertions that
 * sign a user in or answer a step-up. Challenges are rows (any process may finish what another began), taken once
 * with DELETE ... RETURNING, so a replay finds nothing; attestation `none` is all we ask for; user verification is
 * required; a signature counter that does not move forward is refused (a cloned authenticator).
 */
export class PasskeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly rp: { origin: string; rpId: string },
  ) {}

  private async issue(challenge: string, purpose: Purpose, userId: number | null): Promise<void> {
    const now = this.clock.now();
    // Old challenges are cleared as new ones are handed out: the table holds minutes of them, never more.
    await this.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await this.db.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS) });
  }

  /** Takes the challenge the answer signed: unknown, used, expired, for another purpose or user is one refusal. */
  private async consume(clientDataJSON: string, purpose: Purpose, userId: number | null): Promise<{ challenge: string; userId: number | null }> {
    const challenge = challengeOf(clientDataJSON);
    const taken = await this.db
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, this.clock.now())))
      .returning({ userId: passkeyChallenges.userId });
    if (!taken.length || (userId !== null && taken[0].userId !== userId)) throw new DomainError("PASSKEY_CHALLENGE_INVALID");
    return { challenge, userId: taken[0].userId };
  }

  private credentialsOf(db: Executor, userId: number) {
    return db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  }

  private async countOf(userId: number): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return n;
  }

  /** How many passkeys a user has (the back office shows the number, never the keys). */
  count(userId: number): Promise<number> {
    return this.countOf(userId);
  }

  async registerOptions(userId: number) {
    const user = await userRecords.find(this.db, userId);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    if ((await this.countOf(userId)) >= PASSKEYS_MAX) throw new DomainError("PASSKEY_LIMIT");
    const existing = await this.credentialsOf(this.db, userId);
    const options = await generateRegistrationOptions({
      rpName: "TradeWise",
      rpID: this.rp.rpId,
      userName: user.account,
      userDisplayName: user.account,
      // The user handle: the account's id, never its name or e-mail (a passkey provider may show or sync it).
      userID: new TextEncoder().encode(String(userId)),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: "none",
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
      // Discoverable, so it signs in without the account typed; verified (PIN or biometrics), as a password would be.
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.issue(options.challenge, "register", userId);
    // The library types `type` as any string; it always writes "public-key" (the contract parses what leaves).
    return { ...options, excludeCredentials: options.excludeCredentials ?? [] } as CreationOptions;
  }

  async register(userId: number, response: RegistrationResponse, name: string): Promise<{ id: number; name: string; created_at: number }> {
    const { challenge } = await this.consume(response.response.clientDataJSON, "register", userId);
    if ((await this.countOf(userId)) >= PASSKEYS_MAX) throw new DomainError("PASSKEY_LIMIT");
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch {
      throw new DomainError("PASSKEY_INVALID");
    }
    if (!verified.verified) throw new DomainError("PASSKEY_INVALID");
    const { credential } = verified.registrationInfo;
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey),
            counter: credential.counter,
            transports: response.response.transports ?? [],
            name,
            createdAt: now,
          })
          .returning({ id: passkeys.id });
        await audit(tx, { actorKind: "user", actorId: userId, action: "user.passkey.add", targetKind: "user", targetId: userId, detail: { passkey: row.id, name } });
        return { id: row.id, name, created_at: toSeconds(now) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError("PASSKEY_EXISTS");
      throw error;
    }
  }

  async list(userId: number): Promise<Passkey[]> {
    const rows = await this.db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.id));
    return rows.map((r) => ({ id: r.id, name: r.name, created_at: toSeconds(r.createdAt), last_used_at: r.lastUsedAt ? toSeconds(r.lastUsedAt) : null }));
  }

  /** Removes one of the user's passkeys and pauses withdrawals for 24 hours, as any credential change does. */
  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const gone = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
      if (!gone.length) throw new DomainError("DATA_NOT_FOUND");
      await userRecords.setCredentials(tx, userId, { withdrawLockedUntil: new Date(this.clock.now().getTime() + WITHDRAW_LOCK_MS) });
      await audit(tx, { actorKind: "user", actorId: userId, action: "user.passkey.remove", targetKind: "user", targetId: userId, detail: { passkey: id } });
    });
  }

  /**
   * Options for an assertion. With a signed-in user it is a step-up challenge for that user's passkeys; with an
   * account, a sign-in challenge for its passkeys (an unknown account gets the answer of one without passkeys);
   * with neither, a sign-in challenge any passkey the device holds for us may answer.
   */
  async assertionOptions(input: { signedIn: number | null; account?: string }) {
    let userId = input.signedIn;
    if (userId === null && input.account) userId = (await userRecords.findByLogin(this.db, input.account))?.id ?? null;
    const allowed = userId === null ? [] : await this.credentialsOf(this.db, userId);
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      allowCredentials: allowed.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
      userVerification: "required",
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    await this.issue(options.challenge, input.signedIn === null ? "login" : "step_up", userId);
    return { ...options, rpId: this.rp.rpId, allowCredentials: options.allowCredentials ?? [], userVerification: "required" } as RequestOptions;
  }

  /** The user whose passkey gave this answer, before anything is checked (sign-in throttles by that account). */
  async ownerOf(response: AuthenticationResponse): Promise<number> {
    const [row] = await this.db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialId, response.id));
    if (!row) throw new DomainError("PASSKEY_UNKNOWN");
    return row.userId;
  }

  /**
   * Checks an assertion of `userId`'s passkey for a challenge of `purpose` (login or step_up) and records its use.
   * Every refusal is a DomainError; nothing is recorded unless it holds.
   */
  async verify(response: AuthenticationResponse, purpose: "login" | "step_up", userId: number): Promise<void> {
    const challenge = await this.consume(response.response.clientDataJSON, purpose, purpose === "step_up" ? userId : null);
    const [credential] = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
    if (!credential || credential.userId !== userId || (challenge.userId !== null && challenge.userId !== userId)) throw new DomainError("PASSKEY_UNKNOWN");
    const counter = counterOf(response.response.authenticatorData);
    // Authenticators without a counter send 0 every time; one that has counted must count on.
    if ((counter > 0 || credential.counter > 0) && counter <= credential.counter) throw new DomainError("PASSKEY_COUNTER");
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpId,
        credential: { id: credential.credentialId, publicKey: new Uint8Array(credential.publicKey), counter: credential.counter, transports: credential.transports as AuthenticatorTransport[] },
        requireUserVerification: true,
      });
    } catch {
      throw new DomainError("PASSKEY_INVALID");
    }
    if (!verified.verified) throw new DomainError("PASSKEY_INVALID");
    // Two answers racing with one counter value: only the first moves it.
    const moved = await this.db
      .update(passkeys)
      .set({ counter, lastUsedAt: this.clock.now() })
      .where(and(eq(passkeys.id, credential.id), or(lt(passkeys.counter, counter), sql`${counter} = 0`)))
      .returning({ id: passkeys.id });
    if (!moved.length) throw new DomainError("PASSKEY_COUNTER");
  }
}
