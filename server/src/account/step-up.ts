import type { AuthService } from "../auth";
import { verifyPassword } from "../auth";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { checkTotp } from "../platform/totp";

/**
 * The step-up check of sensitive calls (contract `stepUp`): a session alone, perhaps left open on a borrowed phone,
 * does not change the address book or the security settings. The proof is the trading password, or the Google
 * Authenticator code when 2FA is bound; a user who has set neither proves with the login password. Wrong proofs count
 * in the account's one secret throttle (`AuthService.guardSecret`), so a stolen session cannot guess the trading password.
 */
export function stepUpCheck(db: Db, clock: Clock, auth: AuthService) {
  return async (userId: number, proof: string | undefined): Promise<void> => {
    if (!proof) throw new DomainError("STEP_UP_REQUIRED", "step_up");
    await auth.guardSecret(
      userId,
      async () => {
        const user = await auth.getUser(db, userId);
        const byCode = user.googleSecret !== null && /^\d{6}$/.test(proof) && (await checkTotp(user.googleSecret, proof, clock.now()));
        return byCode || (await verifyPassword(user.tradePasswordHash ?? (user.googleSecret === null ? user.passwordHash : null), proof));
      },
      () => new DomainError("STEP_UP_WRONG", "step_up"),
    );
  };
}
