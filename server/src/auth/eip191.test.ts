import { describe, expect, it } from "vitest";
import { verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { recoverPersonalSigner, verifyPersonalSignature } from "./eip191";

// viem (a dev dependency now) is the reference: what it signs, this verifies, and what it refuses, this refuses.
const wallet = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const other = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const N = BigInt("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");

describe("EIP-191 personal_sign", () => {
  it.each(["TradeWise sign-in\nnonce: 1f2e", "", "ü 中文 🙂", "x".repeat(1000)])("recovers the signer of %j as viem does", async (message) => {
    const signature = await wallet.signMessage({ message });
    expect(recoverPersonalSigner(message, signature)).toBe(wallet.address.toLowerCase());
    expect(verifyPersonalSignature(wallet.address, message, signature)).toBe(true);
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true);
  });

  it("refuses another key, another message, and malformed signatures", async () => {
    const message = "nonce 42";
    const signature = await wallet.signMessage({ message });
    expect(verifyPersonalSignature(other.address, message, signature)).toBe(false);
    expect(verifyPersonalSignature(wallet.address, `${message}.`, signature)).toBe(false);
    expect(verifyPersonalSignature(wallet.address, message, signature.slice(0, -2))).toBe(false);
    expect(verifyPersonalSignature(wallet.address, message, `${signature.slice(0, -2)}1d`)).toBe(false);
    expect(verifyPersonalSignature(wallet.address, message, `0x${"00".repeat(65)}`)).toBe(false);
    expect(verifyPersonalSignature(wallet.address, message, "not a signature")).toBe(false);
  });

  it("takes v as 27/28 or 0/1, and refuses the high-s twin of a valid signature", async () => {
    const message = "nonce 43";
    const signature = await wallet.signMessage({ message });
    const v = parseInt(signature.slice(-2), 16);
    expect(verifyPersonalSignature(wallet.address, message, `${signature.slice(0, -2)}0${v - 27}`)).toBe(true);
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const twin = `${signature.slice(0, 66)}${(N - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
    expect(verifyPersonalSignature(wallet.address, message, twin)).toBe(false);
  });
});
