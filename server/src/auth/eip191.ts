import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * EIP-191 `personal_sign` verification of an externally owned account, with the audited noble primitives (the same
 * secp256k1 and keccak code viem uses underneath) instead of all of viem. Smart-contract wallets (ERC-1271) need a
 * chain to ask and are not supported here, as they were not before (viem's `verifyMessage` without a client).
 */

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes));
}

/** The address (0x + 40 lower-case hex) whose key signed `message`, or null for a malformed signature. */
export function recoverPersonalSigner(message: string, signature: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64];
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const sig = secp256k1.Signature.fromBytes(concatBytes(Uint8Array.of(recovery), bytes.subarray(0, 64)), "recovered");
    // A high s is the malleable twin of a valid signature (EIP-2): wallets never produce one.
    if (sig.hasHighS()) return null;
    const point = sig.recoverPublicKey(personalMessageHash(message));
    const uncompressed = point.toBytes(false);
    return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
  } catch {
    return null;
  }
}

/** Whether `signature` is `address`'s EIP-191 signature of `message` (addresses compared case-insensitively). */
export function verifyPersonalSignature(address: string, message: string, signature: string): boolean {
  const signer = recoverPersonalSigner(message, signature);
  return signer !== null && signer === address.toLowerCase();
}
