import { addressSignSuffix } from "@contract/constants";
import { addressRegister, getNonce } from "../api/wallet";
import { startSession } from "./session";

/** The wallet's EIP-1193 provider (declared on `window` by wallet-provider.ts, which loads this module). */
type EthereumProvider = NonNullable<Window["ethereum"]>;

/**
 * The seed's md5 "sign" of the address (kept for compatibility; the signature is what proves ownership). spark-md5
 * loads only when a wallet signs in, so the login route stays small.
 */
async function addressSign(address: string): Promise<string> {
  const { default: SparkMD5 } = await import("spark-md5");
  return SparkMD5.hash(address.toLowerCase() + addressSignSuffix);
}

/** UTF-8 text as the 0x-hex `personal_sign` expects. */
const toHex = (text: string) =>
  "0x" + Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("");

export type WalletOutcome = "signed-in" | "refused";

/**
 * Wallet sign-in (made sound): request the accounts, fetch a nonce for the first one, have the
 * wallet sign it (EIP-191 personal_sign), and register or sign in by address with the md5 sign and the signature.
 * A refusal at any wallet step is "refused"; a server refusal throws (and was toasted by the client).
 */
export async function signInWithWallet(provider: EthereumProvider): Promise<WalletOutcome> {
  let address: string;
  let signature: string;
  let nonce: string;
  try {
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
    if (!accounts?.length) return "refused";
    address = accounts[0];
    const issued = await getNonce({ address }, { silent: true });
    nonce = issued.nonce;
    signature = (await provider.request({ method: "personal_sign", params: [toHex(issued.message), address] })) as string;
  } catch {
    return "refused";
  }
  const session = await addressRegister({ address, sign: await addressSign(address), nonce, signature });
  await startSession(session);
  return "signed-in";
}
