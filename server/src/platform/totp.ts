import { generate, generateSecret, generateURI, verify } from "otplib";

/** TOTP (RFC 6238, 30 s steps, 6 digits) for users' Google 2FA and operators' mandatory second factor. */
export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, label: string): string =>
  generateURI({ issuer: "TradeWise", label, secret });

/** Accepts the current code and its neighbours (30 s either way) to allow for clock drift. */
export async function checkTotp(secret: string, token: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  return result.valid;
}

export const totpCode = (secret: string, now: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
