import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { EXPORT_MAX_DAYS, exportColumns, type ExportKind, type ExportRow } from "../../contract/wallet";
import { ledger, money, toWire, type StatementPosting } from "../ledger";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { allPages, mergeSorted, type KeysetRow, type PageReader, type TimeRange } from "../platform/keyset";
import type { CauseDetails } from "./cause-details";

/** Rows read per query: enough to keep the round trips few, small enough that a page is a few hundred KB at most. */
const PAGE = 500;

const iso = (date: Date) => date.toISOString();
const isoMs = (ms: number | null | undefined) => (ms == null ? "" : new Date(Number(ms)).toISOString());

/**
 * Statements (`finance/export`): the user's ledger, trades or deposits and withdrawals over a range as CSV, streamed
 * from keyset-paged queries through csv-stringify (RFC 4180 quoting, a BOM for spreadsheets) to the reply: memory
 * stays one page per source whatever the range. The trades and funding come from their domains' readers, which
 * `app.ts` registers (spot, positions, options; funding), so the wallet knows none of their tables.
 */
export class Statements {
  private readonly trades: PageReader<ExportRow<"trades">>[] = [];
  private funding: PageReader<ExportRow<"funding">>[] = [];

  constructor(
    private readonly db: Db,
    private readonly causeDetails: CauseDetails,
  ) {}

  registerTrades(reader: PageReader<ExportRow<"trades">>): void {
    this.trades.push(reader);
  }

  registerFunding(reader: PageReader<ExportRow<"funding">>): void {
    this.funding.push(reader);
  }

  /** Checks the range (refusals before a byte is sent) and gives the CSV stream and its file name. */
  open(userId: number, input: { kind: ExportKind; from: number; to: number }): { filename: string; body: Readable } {
    if (input.from > input.to) throw new DomainError("EXPORT_RANGE_REVERSED", ["from", "to"]);
    if (input.to - input.from > EXPORT_MAX_DAYS * 86_400) throw new DomainError("EXPORT_RANGE_TOO_LONG", ["from", "to"]);
    // `to` is a second: all of it is included.
    const range: TimeRange = { from: new Date(input.from * 1000), until: new Date((input.to + 1) * 1000) };
    const rows = input.kind === "ledger" ? this.ledgerRows(userId, range) : this.merged(input.kind === "trades" ? this.trades : this.funding, userId, range);
    const csv = stringify({ header: true, bom: true, columns: [...exportColumns[input.kind]], record_delimiter: "\r\n" });
    const body = Readable.from(rows).pipe(csv);
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    return { filename: `tradewise-${input.kind}-${day(input.from)}-${day(input.to)}.csv`, body };
  }

  /** The rows of several readers in time order. */
  private async *merged<R>(readers: PageReader<R>[], userId: number, range: TimeRange): AsyncGenerator<R> {
    const sources = readers.map((read) => allPages((after) => read(userId, range, after, PAGE), PAGE));
    for await (const item of mergeSorted<KeysetRow<R>>(sources, (a, b) => a.time.getTime() < b.time.getTime())) yield item.row;
  }

  /**
   * Ledger lines (one per entry and currency), every currency merged in posting order, each with the balance after
   * it: the opening balance before `from` plus the changes since, so the last line of a currency shows its balance
   * at `to`.
   */
  private async *ledgerRows(userId: number, range: TimeRange): AsyncGenerator<ExportRow<"ledger">> {
    const opening = await ledger.balancesBefore(this.db, userId, range.from);
    const lines = opening.map(({ currency, balance }) => this.currencyLines(userId, currency, balance, range));
    type Line = { seq: number; time: Date; row: ExportRow<"ledger"> };
    for await (const line of mergeSorted<Line>(lines, (a, b) => a.seq < b.seq)) yield line.row;
  }

  /** One currency's lines: postings page by page, an entry's postings (its available and frozen legs) one line. */
  private async *currencyLines(userId: number, currency: string, opening: string, range: TimeRange) {
    let balance = money(opening);
    let after = 0;
    let carried: StatementPosting[] = [];
    for (;;) {
      const page = await ledger.statementPostings(this.db, userId, currency, range, after, PAGE);
      const postings = [...carried, ...page];
      const done = page.length < PAGE;
      // An entry's legs may straddle two pages: the last entry of a full page waits for the next one.
      const lastEntry = postings.at(-1)?.entry_id;
      carried = done ? [] : postings.filter((p) => p.entry_id === lastEntry);
      const ready = done ? postings : postings.filter((p) => p.entry_id !== lastEntry);
      const grouped = new Map<number, StatementPosting[]>();
      for (const posting of ready) grouped.set(posting.entry_id, [...(grouped.get(posting.entry_id) ?? []), posting]);
      const groups = [...grouped.values()];
      const details = await this.causeDetails.of(groups.map((g) => g[0]));
      for (const [i, group] of groups.entries()) {
        const first = group[0];
        const change = group.reduce((sum, p) => sum.plus(p.amount), money(0));
        balance = balance.plus(change);
        const tick = details[i].tick;
        yield {
          seq: first.id,
          time: first.created_at,
          row: {
            time: iso(first.created_at),
            currency,
            amount: toWire(change),
            balance_after: toWire(balance),
            cause: first.memo ? `${first.kind}: ${first.memo}` : first.kind,
            reference: `${first.cause_kind}:${first.cause_id}`,
            entry_id: String(first.entry_id),
            tick_symbol: tick?.symbol ?? "",
            tick_price: tick?.price ?? "",
            tick_time: isoMs(tick?.at_ms),
          },
        };
      }
      if (done) return;
      after = page[page.length - 1].id;
    }
  }
}

