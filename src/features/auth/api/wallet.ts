import type { auth } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET user/nonce: the one-time text the wallet signs. */
export const getNonce = endpoint<typeof auth.nonce>({ method: "GET", path: "user/nonce", access: "public" });

/** POST user/addressreg: address, md5 sign, nonce and the wallet's EIP-191 signature. */
export const addressRegister = endpoint<typeof auth.addressRegister>({ method: "POST", path: "user/addressreg", access: "public" });
