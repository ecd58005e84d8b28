// Throwaway: a local chain and a server for the deposit screen's screenshots (not committed).
import { spawn } from "node:child_process";
import { HDKey } from "@scure/bip32";
import { startLocalChain } from "./server/src/testing/chain";
const chain = await startLocalChain();
const token = await chain.deployToken();
const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).derive("m/44'/60'/0'");
const port = 18390;
const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: "/tmp/chain-shot-data", STATIC_DIR: "dist", ROOT_INVITE_CODE: "SHOTS1", DEPOSIT_XPUB: account.publicExtendedKey, CHAIN_NETWORKS: `ERC20|${chain.url}|${token}|12`, CHAIN_POLL_MS: "500", LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const base = `http://127.0.0.1:${port}/api/`;
for (let i = 0; i < 240; i++) { try { await fetch(`${base}health`); break; } catch { await new Promise((r) => setTimeout(r, 1000)); } }
const post = async (path: string, body: object, tok?: string) => (await (await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...(tok ? { authorization: tok } : {}) }, body: JSON.stringify(body) })).json()) as { message: any };
const reg = await post("user/register", { account: "shotuser", password: "secret123", re_password: "secret123", invite_code: "SHOTS1" });
const tok = reg.message?.token ?? (await post("user/login", { account: "shotuser", password: "secret123" })).message.token;
const addr = await post("wallet/get_in_address", { currency: "USDT", network: "ERC20" }, tok);
console.log("address", JSON.stringify(addr.message));
await chain.transfer(token, addr.message.address, "250");
await chain.mine(12);
await new Promise((r) => setTimeout(r, 4000));
await chain.transfer(token, addr.message.address, "120.5");
await chain.mine(3);
await new Promise((r) => setTimeout(r, 4000));
console.log("READY");
await new Promise((r) => setTimeout(r, 600_000));
child.kill("SIGTERM");
await chain.close();
