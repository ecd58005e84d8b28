import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config";
import { DomainError } from "../platform/errors";
import { depositAddressOf, parseChainNetworks, watchOnlyKey } from "./chain.config";

const MNEMONIC = "test test test test test test test test test test test junk";
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/60'/0'");

describe("on-chain deposit addresses", () => {
  it("derive child /0/<user id> of the account xpub: the address a wallet with the seed shows at m/44'/60'/0'/0/<id>", () => {
    const key = watchOnlyKey(account.publicExtendedKey);
    for (const id of [0, 1, 7, 12345]) {
      expect(depositAddressOf(key, id)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: id }).address);
    }
    expect(depositAddressOf(key, 1)).not.toBe(depositAddressOf(key, 2));
  });

  it("refuse an extended private key and anything that is not an extended key", () => {
    expect(() => watchOnlyKey(account.privateExtendedKey)).toThrow(DomainError);
    expect(() => watchOnlyKey(account.privateExtendedKey)).toThrow(/DEPOSIT_XPUB_PRIVATE/);
    expect(() => watchOnlyKey("xpub-not-a-key")).toThrow(/PARAMETER_ERROR/);
  });

  it("stop the start on an xprv in DEPOSIT_XPUB, with a message that says why", () => {
    expect(() => loadConfig({ DEPOSIT_XPUB: account.privateExtendedKey })).toThrow(/DEPOSIT_XPUB: is an extended PRIVATE key \(xprv\)/);
    expect(() => loadConfig({ DEPOSIT_XPUB: account.publicExtendedKey })).not.toThrow();
  });

  it("read CHAIN_NETWORKS as NETWORK|rpc_url|token_contract|confirmations, and refuse another shape at start", () => {
    const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    expect(parseChainNetworks(`erc20|http://127.0.0.1:8545|${token}|12,BSC|https://bsc.example|${token}|15`)).toEqual([
      { network: "ERC20", rpc_url: "http://127.0.0.1:8545", token_contract: token, confirmations: 12 },
      { network: "BSC", rpc_url: "https://bsc.example", token_contract: token, confirmations: 15 },
    ]);
    expect(parseChainNetworks("")).toEqual([]);
    expect(() => loadConfig({ CHAIN_NETWORKS: `ERC20|http://127.0.0.1:8545|${token}` })).toThrow(/CHAIN_NETWORKS/);
    expect(() => loadConfig({ CHAIN_NETWORKS: `ERC20|ftp://x|${token}|3` })).toThrow(/CHAIN_NETWORKS/);
  });
});
