import type { AuthService, PasskeyService } from "../auth";
import { verifyPassword } from "../auth";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { StepUpProof } from "../platform/http";
import { LoginThrottle } from "../platform/login-throttle";
import { checkTotp } from "../platform/totp";

/** Step-up failures are counted per user (the session is already theirs), not per address. */
const SAME_SESSION = "session";

/**
 * The step-up check of sensitive calls (contract `stepUp`): a session alone, perhaps left open on a borrowed phone,
 * does not change the address book or the security settings. The proof is the trading password, or the Google
 * Authenticator code when 2FA is bound, or a passkey; a user who has set neither proves with the login password. Wrong proofs are
 * throttled like sign-ins (doubling waits after 5), so a stolen session cannot guess the trading password.
 */
export function stepUpCheck(db: Db, clock: Clock, auth: AuthService, passkeys: PasskeyService) {
  const throttle = new LoginThrottle(db, clock, "step-up");
  return async (userId: number, { step_up: proof = "", passkey }: StepUpProof): Promise<void> => {
    if (!proof && !passkey) throw new DomainError("STEP_UP_REQUIRED", "step_up");
    const key = String(userId);
    await throttle.check(key, SAME_SESSION, async () => true);
    // A passkey's answer instead (contract `stepUpFields`): its refusal keeps its own reason, on the step-up field.
    if (passkey) {
      try {
        await passkeys.verify(passkey, "step_up", userId);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await throttle.fail(key, SAME_SESSION);
        throw new DomainError(error.code, "step_up");
      }
      return throttle.succeed(key, SAME_SESSION);
    }
    const user = await auth.getUser(db, userId);
    const byCode = user.googleSecret !== null && /^\d{6}$/.test(proof) && (await checkTotp(user.googleSecret, proof, clock.now()));
    const byPassword = !byCode && (await verifyPassword(user.tradePasswordHash ?? (user.googleSecret === null ? user.passwordHash : null), proof));
    if (!byCode && !byPassword) {
      await throttle.fail(key, SAME_SESSION);
      throw new DomainError("STEP_UP_WRONG", "step_up");
    }
    await throttle.succeed(key, SAME_SESSION);
  };
}
