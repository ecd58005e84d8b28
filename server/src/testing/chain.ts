/**
 * A real local EVM node for the on-chain deposit tests and bench: ganache (from npm, pure JavaScript, nothing
 * downloaded) listening on a loopback port, with the test token deployed from the bytecode kept beside this file
 * (compiled once by scripts/compile-test-token.ts). Every transaction is mined at once in a block of its own;
 * `mine` adds empty blocks, `snapshot` and `revert` make a reorganisation (revert, then mine different blocks).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import ganache from "ganache";
import { createPublicClient, createWalletClient, http, parseUnits, type Address, type Hash } from "viem";
import token from "./chain/test-usdt.json" with { type: "json" };

export interface LocalChain {
  url: string;
  /** The account that deployed the tokens and holds their supply. */
  treasury: Address;
  deployToken(symbol?: string, name?: string): Promise<Address>;
  /** Sends `amount` (a decimal string, 6 decimals) of `contract` to `to`; mined in its own block. */
  transfer(contract: Address, to: string, amount: string): Promise<{ hash: Hash; block: number }>;
  /** Many transfers in one transaction (one block, one log each). */
  batchTransfer(contract: Address, to: string[], amounts: string[]): Promise<{ hash: Hash; block: number }>;
  mine(blocks?: number): Promise<void>;
  head(): Promise<number>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the node on a loopback port, in this process. */
export async function startNode(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337, hardfork: "shanghai" },
    wallet: { totalAccounts: 2, deterministic: true },
    miner: { instamine: "eager", blockGasLimit: 60_000_000, defaultTransactionGasLimit: 30_000_000 },
  });
  await server.listen(0, "127.0.0.1");
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** A node in this process, for the tests. */
export async function startLocalChain(): Promise<LocalChain> {
  const node = await startNode();
  return connectChain(node.url, node.close);
}

/**
 * A node in a child process of its own (`chain-node.ts`), for the bench: the EVM's work does not share the event
 * loop of the server being measured.
 */
export async function startLocalChainProcess(): Promise<LocalChain> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./chain-node.ts", import.meta.url))], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the chain node exited (${code})`)));
    child.stdout.setEncoding("utf8").once("data", (line: string) => resolve(line.trim()));
  });
  return connectChain(url, async () => {
    child.kill();
    await once(child, "exit");
  });
}

/** The chain's calls over JSON-RPC at `url` (the node's own methods too: mine, snapshot, revert). */
export async function connectChain(url: string, close: () => Promise<void>): Promise<LocalChain> {
  const transport = http(url, { retryCount: 0, timeout: 120_000 });
  const reader = createPublicClient({ transport });
  const rpc = (method: string, params: unknown[] = []) => (reader.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({ method, params });
  const [treasury] = (await rpc("eth_accounts")) as Address[];
  const wallet = createWalletClient({ account: treasury, transport, chain: undefined });
  const mined = async (hash: Hash) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} failed`);
    return { hash, block: Number(receipt.blockNumber) };
  };
  return {
    url,
    treasury,
    async deployToken(symbol = "USDT", name = "Tether USD") {
      const hash = await wallet.deployContract({ abi: token.abi, bytecode: token.bytecode as `0x${string}`, args: [name, symbol, parseUnits("1000000000000", 6)], chain: null });
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return receipt.contractAddress!;
    },
    async transfer(contract, to, amount) {
      const hash = await wallet.writeContract({ address: contract, abi: token.abi, functionName: "transfer", args: [to, parseUnits(amount, 6)], chain: null });
      return mined(hash);
    },
    async batchTransfer(contract, to, amounts) {
      const hash = await wallet.writeContract({ address: contract, abi: token.abi, functionName: "batchTransfer", args: [to, amounts.map((a) => parseUnits(a, 6))], chain: null });
      return mined(hash);
    },
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i++) await rpc("evm_mine");
    },
    async head() {
      return Number(await reader.getBlockNumber({ cacheTime: 0 }));
    },
    async snapshot() {
      return String(await rpc("evm_snapshot"));
    },
    async revert(id) {
      if (!(await rpc("evm_revert", [id]))) throw new Error(`snapshot ${id} could not be reverted`);
    },
    close,
  };
}
