import { randomBytes } from "node:crypto";
import { HDKey } from "@scure/bip32";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalChain, type LocalChain } from "../../server/src/testing/chain";
import { startNode, until, type ClusterNode } from "../../server/src/testing/failover";

/**
 * On-chain deposits with two real server processes on one PostgreSQL database and a real local EVM node: only the
 * leader watches the chain; when it is killed with SIGKILL the other process takes the lead and resumes from the
 * cursor in the database, crediting what arrived meanwhile once, and nothing twice. Needs TEST_DATABASE_URL.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
// Once: the server-postgres project would run it a second time.
const run = !!baseUrl && process.env.TEST_DB !== "postgres";
if (!run) console.warn("chain failover: skipped (needs TEST_DATABASE_URL)");

const WATCHES = /chain: this process watches ERC20 from block (\d+)/;
const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/60'/0'");

let chain: LocalChain | undefined;
const nodes: ClusterNode[] = [];
let admin: pg.Client | undefined;
let dbName = "";
afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill("SIGKILL");
  await chain?.close();
  if (admin) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

async function call<T>(node: ClusterNode, path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message: T };
  if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.message;
}

describe.skipIf(!run)("two processes on PostgreSQL", () => {
  it("only the leader watches; after its kill -9 the other resumes from the cursor and credits each transfer once", async () => {
    chain = await startLocalChain();
    const usdt = await chain.deployToken();
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    dbName = `tw_chainfo_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      ROOT_INVITE_CODE: "CHAINFO1",
      DEPOSIT_XPUB: account.publicExtendedKey,
      CHAIN_NETWORKS: `ERC20|${chain.url}|${usdt}|3`,
      CHAIN_POLL_MS: "200",
    };
    nodes.push(await startNode("a", env));
    await until(() => nodes[0].ledAt !== null, 60_000, "the first process to lead");
    nodes.push(await startNode("b", env));
    const [a, b] = nodes;

    const user = await call<{ token: string; user: { id: number } }>(b, "user/register", { account: `cf${randomBytes(4).toString("hex")}`, password: "secret123", re_password: "secret123", invite_code: "CHAINFO1" });
    const { address } = await call<{ address: string }>(b, "wallet/get_in_address", { currency: "USDT", network: "ERC20" }, user.token);
    const balance = async () => (await call<Array<{ currency: string; balance: string }>>(b, "wallet/list", {}, user.token)).find((w) => w.currency === "USDT")?.balance;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const succeeded = async () => (await db.query("SELECT count(*)::int AS n FROM deposits WHERE source = 'chain' AND status = 'succeeded'")).rows[0].n as number;

    await chain.transfer(usdt, address, "20");
    await chain.mine(2);
    await until(async () => (await succeeded()) === 1, 30_000, "the first transfer credited");
    expect(await balance()).toBe("20");
    // The follower never watched.
    expect(a.output.join("")).toMatch(WATCHES);
    expect(b.output.join("")).not.toMatch(WATCHES);

    const cursor = async () => Number((await db.query("SELECT block FROM chain_cursors WHERE network = 'ERC20'")).rows[0].block);
    await until(async () => (await cursor()) === (await chain!.head()), 10_000, "the cursor at the head");
    const cursorAtKill = await cursor();
    a.child.kill("SIGKILL");
    // Sent while nobody leads: credited once the other process leads and sees it.
    await chain.transfer(usdt, address, "30");
    await chain.mine(2);
    await until(() => WATCHES.test(b.output.join("")), 30_000, "the other process to watch");
    expect(Number(WATCHES.exec(b.output.join(""))![1])).toBe(cursorAtKill + 1);
    await until(async () => (await succeeded()) === 2, 30_000, "the second transfer credited");
    expect(await balance()).toBe("50");
    await chain.mine(5);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await succeeded()).toBe(2);
    expect(await balance()).toBe("50");
    await db.end();
  }, 240_000);
});
