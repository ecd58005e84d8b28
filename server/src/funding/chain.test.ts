import { HDKey } from "@scure/bip32";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReads } from "../ledger";
import { startLocalChain, type LocalChain } from "../testing/chain";
import { createTestServer, type TestServer } from "../testing/harness";
import { expectLedgerSound, walletOf } from "../testing/money";
import { openUserSocket } from "../testing/socket";
import { getAddress } from "viem";
import type { ChainWatcher } from "./chain.watcher";

/**
 * On-chain deposits against a real local EVM node (ganache), a real ERC-20 with 6 decimals deployed from kept
 * bytecode, and the server on PGlite or PostgreSQL: every transfer is a real transaction in a real block, and a
 * reorganisation is the node's own snapshot and revert with different blocks mined after.
 */
const CONFIRMATIONS = 3;
const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");

let chain: LocalChain;
let server: TestServer;
let usdt: `0x${string}`;
let fake: `0x${string}`;
let watcher: ChainWatcher;

interface Record_ {
  id: number;
  status: string;
  amount: string;
  source: string;
  tx_hash: string | null;
  log_index: number | null;
  block: number | null;
  confirmations: number | null;
}

beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken("USDT");
  // Another contract calling itself USDT: its transfers must never count.
  fake = await chain.deployToken("USDT");
  server = await createTestServer({ DEPOSIT_XPUB: account.publicExtendedKey, CHAIN_NETWORKS: `ERC20|${chain.url}|${usdt}|${CONFIRMATIONS}` });
  watcher = server.engines.chain;
});
afterAll(async () => {
  await server?.close();
  await chain?.close();
});

async function depositor() {
  const user = await server.newUser();
  const answer = await server.call<{ address: string; auto: boolean; confirmations: number; token_contract: string; network: string }>(
    "POST",
    "wallet/get_in_address",
    { currency: "USDT", network: "ERC20" },
    { token: user.token },
  );
  expect(answer.status).toBe(200);
  return { ...user, address: answer.body.message.address };
}

const records = async (token: string) => (await server.call<{ list: Record_[] }>("GET", "chargelist/log", { page: 1, limit: 50 }, { token })).body.message.list;
const balance = async (token: string) => (await walletOf(server, token)).balance;

describe("wallet/get_in_address on a watched network", () => {
  it("answers the user's own address with auto, the confirmations and the token's contract", async () => {
    const user = await server.newUser();
    const answer = await server.call("POST", "wallet/get_in_address", { currency: "USDT" }, { token: user.token });
    expect(answer.body.message).toEqual({
      currency: "USDT",
      network: "ERC20",
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      min: "10",
      max: "1000000",
      networks: ["ERC20"],
      auto: true,
      confirmations: CONFIRMATIONS,
      token_contract: getAddress(usdt),
    });
    const other = await depositor();
    expect(other.address).not.toBe((answer.body.message as { address: string }).address);
  });
});

describe("the watcher", () => {
  it("lists a transfer as confirming with its confirmations, and credits it exactly once at the count", async () => {
    const user = await depositor();
    const socket = await openUserSocket(server, user.token);
    socket.send({ op: "subscribe", channel: "funding" });
    await socket.next((m) => m.op === "subscribed");
    const sent = await chain.transfer(usdt, user.address, "25.5");
    await watcher.runOnce();
    let [record] = await records(user.token);
    expect(record).toMatchObject({ source: "chain", status: "confirming", amount: "25.5", tx_hash: sent.hash, log_index: 0, block: sent.block, confirmations: 1 });
    expect((await socket.next((m) => m.channel === "funding")).data).toMatchObject({ kind: "deposit", id: record.id, status: "confirming", confirmations: 1 });
    expect(await balance(user.token)).toBe("0");

    await chain.mine(CONFIRMATIONS - 2);
    await watcher.runOnce();
    [record] = await records(user.token);
    expect(record).toMatchObject({ status: "confirming", confirmations: CONFIRMATIONS - 1 });
    expect(await balance(user.token)).toBe("0");

    await chain.mine(1);
    await watcher.runOnce();
    await watcher.runOnce();
    await chain.mine(5);
    await watcher.runOnce();
    [record] = await records(user.token);
    expect(record).toMatchObject({ status: "succeeded", confirmations: CONFIRMATIONS });
    expect(await balance(user.token)).toBe("25.5");
    expect((await socket.next((m) => m.channel === "funding" && (m.data as { status: string }).status === "succeeded")).data).toEqual({ kind: "deposit", id: record.id, status: "succeeded" });
    socket.close();

    // Its cause is the transaction, in one posting, with a notice.
    const lines = await ledgerReads.entries(server.database.db, user.id, { page: 1, limit: 10 });
    expect(lines.total).toBe(1);
    expect(lines.list[0]).toMatchObject({ kind: "deposit", cause_kind: "deposit", cause_id: String(record.id), memo: `ERC20 ${sent.hash} #0 block ${sent.block}` });
    const notices = await server.database.query<{ n: string }>("SELECT count(*) AS n FROM user_messages WHERE user_id = $1", [user.id]);
    expect(Number(notices[0].n)).toBe(1);
    await expectLedgerSound(server);
  });

  it("ignores a transfer of another contract with the same symbol", async () => {
    const user = await depositor();
    await chain.transfer(fake, user.address, "500");
    await chain.mine(CONFIRMATIONS + 1);
    await watcher.runOnce();
    expect(await records(user.token)).toEqual([]);
    expect(await balance(user.token)).toBe("0");
  });

  it("lists a transfer below the minimum as below_minimum and credits nothing", async () => {
    const user = await depositor();
    await chain.transfer(usdt, user.address, "9.999999");
    await chain.mine(CONFIRMATIONS + 1);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(await records(user.token)).toMatchObject([{ status: "below_minimum", amount: "9.999999" }]);
    expect(await balance(user.token)).toBe("0");
  });

  it("credits nothing for a transfer whose block is replaced before the count, and marks it replaced", async () => {
    const user = await depositor();
    const before = await chain.snapshot();
    const sent = await chain.transfer(usdt, user.address, "30");
    await chain.mine(CONFIRMATIONS - 2);
    await watcher.runOnce();
    expect(await records(user.token)).toMatchObject([{ status: "confirming", block: sent.block, confirmations: CONFIRMATIONS - 1 }]);
    // The reorganisation: the transfer's block and those after it are replaced by other blocks of the same numbers.
    await chain.revert(before);
    await chain.mine(CONFIRMATIONS + 2);
    expect(await chain.head()).toBeGreaterThanOrEqual(sent.block + CONFIRMATIONS);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(await records(user.token)).toMatchObject([{ status: "replaced", tx_hash: sent.hash }]);
    expect(await balance(user.token)).toBe("0");
  });

  it("credits a transfer once across a restart between the credit's commit and the cursor's move", async () => {
    const user = await depositor();
    await chain.transfer(usdt, user.address, "40");
    await chain.mine(CONFIRMATIONS);
    // A watcher stopped by a test hook after its credits committed and before the cursor moved (a crash there).
    const crashing = watcher.another({
      beforeCursor: async () => {
        throw new Error("crash before the cursor moves");
      },
    });
    const [{ block: cursorBefore }] = await server.database.query<{ block: string }>("SELECT block FROM chain_cursors WHERE network = 'ERC20'");
    await crashing.runOnce();
    expect(await balance(user.token)).toBe("40");
    const [{ block: cursorAfterCrash }] = await server.database.query<{ block: string }>("SELECT block FROM chain_cursors WHERE network = 'ERC20'");
    expect(cursorAfterCrash).toBe(cursorBefore);
    // The restarted process (a new watcher on the same database) resumes from the cursor and credits nothing twice.
    server.clock.advance(120_000);
    const restarted = watcher.another();
    await restarted.runOnce();
    await restarted.runOnce();
    expect(await balance(user.token)).toBe("40");
    expect(await records(user.token)).toMatchObject([{ status: "succeeded", amount: "40" }]);
    const [{ block: cursorAfter }] = await server.database.query<{ block: string }>("SELECT block FROM chain_cursors WHERE network = 'ERC20'");
    expect(Number(cursorAfter)).toBe(await chain.head());
    await expectLedgerSound(server);
  });

  it("credits a transfer made while no watcher ran once it is seen", async () => {
    const user = await depositor();
    await chain.transfer(usdt, user.address, "12");
    await chain.mine(50);
    await watcher.runOnce();
    expect(await balance(user.token)).toBe("12");
  });
});

describe("the back office", () => {
  it("shows each network's cursor, head and lag, and the credited transfers with their hashes", async () => {
    const admin = await server.newOperator("admin");
    await watcher.runOnce();
    const status = await server.call<{ list: Array<Record<string, unknown>> }>("GET", "backoffice/funding/chain/status", {}, { token: admin.token });
    const head = await chain.head();
    expect(status.body.message.list).toEqual([
      expect.objectContaining({ network: "ERC20", token_contract: usdt, confirmations: CONFIRMATIONS, cursor: head, head, lag: 0, failures: 0, error: null }),
    ]);
    const credited = await server.call<{ list: Array<{ source: string; tx_hash: string | null; status: string }> }>("GET", "backoffice/deposits", { page: 1, limit: 50, source: "chain", status: "succeeded" }, { token: admin.token });
    expect(credited.body.message.list.length).toBeGreaterThanOrEqual(3);
    for (const d of credited.body.message.list) expect(d).toMatchObject({ source: "chain", status: "succeeded", tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const below = await server.call<{ list: unknown[] }>("GET", "backoffice/deposits", { page: 1, limit: 50, status: "below_minimum" }, { token: admin.token });
    expect(below.body.message.list).toHaveLength(1);
  });

  it("records an RPC failure, retries it with backoff, and never moves the cursor past what it read", async () => {
    const admin = await server.newOperator("admin");
    const saved = await server.call("POST", "backoffice/funding/chain", {
      config: {
        xpub: account.publicExtendedKey,
        networks: [
          { network: "ERC20", rpc_url: chain.url, token_contract: usdt, confirmations: CONFIRMATIONS },
          // Nothing listens there: every call fails.
          { network: "BSC", rpc_url: "http://127.0.0.1:9", token_contract: usdt, confirmations: 2 },
        ],
      },
    }, { token: admin.token });
    expect(saved.status).toBe(200);
    const user = await depositor();
    await chain.transfer(usdt, user.address, "15");
    await chain.mine(CONFIRMATIONS);
    await watcher.runOnce();
    // The healthy network goes on.
    expect(await balance(user.token)).toBe("15");
    const bsc = async () => (await server.call<{ list: Array<{ network: string; failures: number; error: string | null; cursor: number | null }> }>("GET", "backoffice/funding/chain/status", {}, { token: admin.token })).body.message.list.find((n) => n.network === "BSC")!;
    expect(await bsc()).toMatchObject({ failures: 1, error: expect.any(String) });
    // Within the backoff nothing is tried again; after it, it is.
    await watcher.runOnce();
    expect((await bsc()).failures).toBe(1);
    server.clock.advance(1_000);
    await watcher.runOnce();
    expect((await bsc()).failures).toBe(2);
    server.clock.advance(1_000);
    await watcher.runOnce();
    expect((await bsc()).failures).toBe(2);
  });

  it("refuses an xprv in the back office with a clear message, and changes nothing", async () => {
    const admin = await server.newOperator("admin");
    const refused = await server.call("POST", "backoffice/funding/chain", { config: { xpub: account.privateExtendedKey, networks: [] } }, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("DEPOSIT_XPUB_PRIVATE");
    const config = await server.call<{ xpub: string }>("GET", "backoffice/funding/chain", {}, { token: admin.token });
    expect(config.body.message.xpub).toBe(account.publicExtendedKey);
  });
});
