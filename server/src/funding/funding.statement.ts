import { sql } from "drizzle-orm";
import type { ExportRow } from "../../contract/wallet";
import { toWire } from "../ledger";
import type { Executor } from "../platform/db";
import { keysetPage, type PageReader } from "../platform/keyset";

const value = (v: unknown) => (v == null ? "" : toWire(v as string));

/**
 * Statement lines (`finance/export` funding): the user's deposits (vouchers and on-chain transfers with their tx hash)
 * and withdrawals over a range, at the time each was made, with its status now, in time order after a key.
 */
export function fundingRows(db: Executor): PageReader<ExportRow<"funding">> {
  return (userId, range, after, limit) => {
    const from = sql`${range.from.toISOString()}::timestamptz`;
    const until = sql`${range.until.toISOString()}::timestamptz`;
    const events = sql`SELECT id, 0 AS ev, created_at AS at, 'deposit' AS type, currency, network, amount, NULL::numeric AS fee, amount AS net, status, source, tx_hash, address
        FROM deposits WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${until}
      UNION ALL
      SELECT id, 1 AS ev, created_at AS at, 'withdrawal' AS type, currency, network, amount, fee, receive AS net, status, NULL AS source, tx_hash, address
        FROM withdrawals WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${until}`;
    return keysetPage<ExportRow<"funding">>(db, events, after, limit, (r) => ({
      time: (r.at as Date).toISOString(),
      type: String(r.type),
      currency: String(r.currency),
      network: String(r.network ?? ""),
      amount: value(r.amount),
      fee: value(r.fee),
      net_amount: value(r.net),
      status: String(r.status),
      source: String(r.source ?? ""),
      tx_hash: String(r.tx_hash ?? ""),
      address: String(r.address ?? ""),
      reference: `${String(r.type)}:${String(r.id)}`,
    }));
  };
}
