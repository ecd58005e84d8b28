import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { addressSignSuffix } from "../../contract/constants";
import type { Clock } from "../platform/clock";
import { randomToken } from "../platform/crypto";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { walletNonces } from "./auth.schema";
import { verifyPersonalSignature } from "./eip191";

export const NONCE_TTL_MS = 5 * 60_000;

/** The seed's md5 "sign": md5 of the lower-case address and a suffix that ships in the client, so it proves nothing. */
export function addressSign(address: string): string {
  return createHash("md5").update(address.toLowerCase() + addressSignSuffix).digest("hex");
}

export function nonceMessage(address: string, nonce: string, issuedAt: Date): string {
  return [
    "Sign in to TradeWise",
    "",
    "This request will not trigger a blockchain transaction or cost any gas.",
    "",
    `Address: ${address.toLowerCase()}`,
    `Nonce: ${nonce}`,
    `Issued at: ${issuedAt.toISOString()}`,
  ].join("\n");
}

/**
 * Wallet sign-in: the server hands out a one-time text, the wallet signs it (EIP-191 personal_sign), and the
 * signature must recover to the claimed address. A nonce is good for one use within five minutes.
 */
export class WalletSignIn {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async issueNonce(address: string): Promise<{ nonce: string; message: string }> {
    const now = this.clock.now();
    const nonce = randomToken(24);
    const message = nonceMessage(address, nonce, now);
    await this.db.insert(walletNonces).values({
      nonce,
      address: address.toLowerCase(),
      message,
      expiresAt: new Date(now.getTime() + NONCE_TTL_MS),
    });
    return { nonce, message };
  }

  /** Checks the md5 sign and the signature, and burns the nonce. Returns the lower-case address. */
  async verify(input: { address: string; sign: string; nonce: string; signature: string }): Promise<string> {
    const address = input.address.toLowerCase();
    if (addressSign(address) !== input.sign.toLowerCase()) throw new DomainError("WALLET_SIGN_INVALID");
    const now = this.clock.now();
    const burned = await this.db
      .update(walletNonces)
      .set({ usedAt: now })
      .where(
        and(
          eq(walletNonces.nonce, input.nonce),
          eq(walletNonces.address, address),
          isNull(walletNonces.usedAt),
          gt(walletNonces.expiresAt, now),
        ),
      )
      .returning({ message: walletNonces.message });
    if (!burned.length) throw new DomainError("NONCE_INVALID");
    if (!verifyPersonalSignature(address, burned[0].message, input.signature)) throw new DomainError("WALLET_SIGN_INVALID");
    return address;
  }
}
