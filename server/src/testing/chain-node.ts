/**
 * The local EVM node as a process of its own (startLocalChainProcess): prints its URL on the first line of stdout
 * and runs until it is killed.
 */
import { startNode } from "./chain";

const node = await startNode();
process.stdout.write(`${node.url}\n`);
