/**
 * Compiles the test token (server/src/testing/chain/TestUsdt.sol) with solc-js, the pure-JavaScript compiler from
 * npm, and writes its ABI and bytecode beside it. Run once after changing the source: the tests deploy the kept
 * bytecode and need no compiler.
 */
import fs from "node:fs";
import path from "node:path";
import solc from "solc";

const dir = path.resolve("server/src/testing/chain");
const source = fs.readFileSync(path.join(dir, "TestUsdt.sol"), "utf8");
const input = {
  language: "Solidity",
  sources: { "TestUsdt.sol": { content: source } },
  // Paris: no PUSH0, so any local node's default hardfork runs it.
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris", outputSelection: { "*": { TestUsdt: ["abi", "evm.bytecode.object"] } } },
};
const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>>;
};
const failures = (output.errors ?? []).filter((e) => e.severity === "error");
if (failures.length) throw new Error(failures.map((e) => e.formattedMessage).join("\n"));
const compiled = output.contracts["TestUsdt.sol"].TestUsdt;
fs.writeFileSync(
  path.join(dir, "test-usdt.json"),
  `${JSON.stringify({ compiler: `solc-js ${solc.version()}`, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }, null, 1)}\n`,
);
console.log(`wrote ${path.join(dir, "test-usdt.json")} (${compiled.evm.bytecode.object.length / 2} bytes)`);
