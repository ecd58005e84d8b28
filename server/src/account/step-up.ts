import type { AuthService, PasskeyService } from "../auth";
import { verifyPassword } from "../auth";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { StepUpProof } from "../platform/http";
import { checkTotp } from "../platform/totp";

/**
 * The step-up check of sensitive calls (contract `stepUp`): a session alone, perhaps left open on a borrowed phone,
 * does not change the address book or the security settings. The proof is the trading password, or the Google
 * Authenticator code when 2FA is bound, or a passkey; a user who has set neither proves with the login password. Wrong
 * proofs, a passkey's refused answer too, count in the account's one secret throttle (`AuthService.guardSecret`), so a
 * stolen session cannot guess the trading password.
 */
export function stepUpCheck(db: Db, clock: Clock, auth: AuthService, passkeys: PasskeyService) {
  return async (userId: number, { step_up: proof = "", passkey }: StepUpProof): Promise<void> => {
    if (!proof && !passkey) throw new DomainError("STEP_UP_REQUIRED", "step_up");
    // A passkey's answer instead (contract `stepUpFields`): its refusal keeps its own reason, on the step-up field.
    let refusal = new DomainError("STEP_UP_WRONG", "step_up");
    await auth.guardSecret(
      userId,
      async () => {
        if (passkey) {
          try {
            await passkeys.verify(passkey, "step_up", userId);
            return true;
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            refusal = new DomainError(error.code, "step_up");
            return false;
          }
        }
        const user = await auth.getUser(db, userId);
        const byCode = user.googleSecret !== null && /^\d{6}$/.test(proof) && (await checkTotp(user.googleSecret, proof, clock.now()));
        return byCode || (await verifyPassword(user.tradePasswordHash ?? (user.googleSecret === null ? user.passwordHash : null), proof));
      },
      () => refusal,
    );
  };
}
