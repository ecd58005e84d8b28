import { HDKey } from "@scure/bip32";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { getAddress, publicKeyToAddress, toHex } from "viem/utils";
import { chainConfig, type ChainConfig, type ChainNetwork } from "../../contract/funding";
import { audit } from "../platform/audit";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import { getSetting, putSetting } from "../platform/settings";

export const CHAIN_CONFIG_KEY = "funding.chain";

/** The environment's on-chain configuration (DEPOSIT_XPUB, CHAIN_NETWORKS): the default until the back office saves one. */
export interface ChainEnv {
  DEPOSIT_XPUB?: string;
  CHAIN_NETWORKS?: string;
}

/** `NETWORK|rpc_url|token_contract|confirmations,...` as networks (config.ts has checked the shape). */
export function parseChainNetworks(text: string | undefined): ChainNetwork[] {
  if (!text?.trim()) return [];
  return text.split(",").map((item) => {
    const [network, rpc_url, token_contract, confirmations] = item.split("|");
    return { network: network.toUpperCase(), rpc_url, token_contract, confirmations: Number(confirmations) };
  });
}

/**
 * The account-level key, checked: an extended private key is refused (the server is watch-only: the operator spends
 * from the matching private key kept offline), and so is anything that is not an extended key.
 */
export function watchOnlyKey(xpub: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub.trim());
  } catch {
    throw new DomainError("PARAMETER_ERROR", "config.xpub");
  }
  if (key.privateKey) throw new DomainError("DEPOSIT_XPUB_PRIVATE", "config.xpub");
  return key;
}

/** The /0 branch of each account key, derived once (it is half of each address's cost). */
const branches = new WeakMap<HDKey, HDKey>();

/** The user's deposit address: the child /0/<user id> of the account key (m/44'/60'/0'/0/<id> of the seed), checksummed. */
export function depositAddressOf(key: HDKey, userId: number): string {
  let branch = branches.get(key);
  if (!branch) branches.set(key, (branch = key.deriveChild(0)));
  const child = branch.deriveChild(userId);
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
  return getAddress(publicKeyToAddress(toHex(uncompressed)));
}

export async function loadChainConfig(db: Executor, env: ChainEnv): Promise<ChainConfig & { from: "environment" | "back_office" }> {
  const stored = await getSetting<unknown>(db, CHAIN_CONFIG_KEY);
  if (stored !== null) return { ...chainConfig.parse(stored), from: "back_office" };
  return { xpub: env.DEPOSIT_XPUB ?? "", networks: parseChainNetworks(env.CHAIN_NETWORKS), from: "environment" };
}

/** Watched networks need a key to derive addresses from: without one, none is watched. */
export function watchedNetworks(config: ChainConfig): ChainNetwork[] {
  return config.xpub ? config.networks : [];
}

/** An admin changes the on-chain configuration; the audit log keeps the old and the new value. */
export async function saveChainConfig(db: Db, env: ChainEnv, config: ChainConfig, operatorId: number): Promise<ChainConfig> {
  if (config.xpub) watchOnlyKey(config.xpub);
  return db.transaction(async (tx) => {
    const { from: _from, ...before } = await loadChainConfig(tx, env);
    await putSetting(tx, CHAIN_CONFIG_KEY, config);
    await audit(tx, { actorKind: "operator", actorId: operatorId, action: "funding.chain.save", targetKind: "setting", targetId: CHAIN_CONFIG_KEY, detail: { before, after: config } });
    return config;
  });
}
