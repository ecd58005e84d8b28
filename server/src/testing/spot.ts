/** The spot order tests' common setup: a funded user, one's balances as strings, an order as `coin/list` shows it. */
import type { SpotOrder } from "../../contract/spot";
import { ledgerReads, money } from "../ledger";
import type { TestServer } from "./harness";
import { credit } from "./money";

/** A new user with `usdt` (none for "0") and, if given, `btc`. */
export async function spotUser(server: TestServer, usdt = "10000", btc?: string) {
  const u = await server.newUser();
  if (usdt !== "0") await credit(server, u.id, usdt);
  if (btc) await credit(server, u.id, btc, "BTC");
  return u;
}

/** A user's available and frozen amounts of a currency, as plain decimal strings. */
export async function balanceOf(server: TestServer, userId: number, currency: string) {
  const found = (await ledgerReads.balances(server.database.db, userId)).find((b) => b.currency === currency);
  return { available: money(found?.available ?? 0).toFixed(), frozen: money(found?.frozen ?? 0).toFixed() };
}

/** The user's order as the open list answers it. */
export async function listedOrder(server: TestServer, token: string, id: number): Promise<SpotOrder> {
  const res = await server.call<{ list: SpotOrder[] }>("GET", "coin/list", {}, { token });
  return res.body.message.list.find((o) => o.id === id)!;
}
