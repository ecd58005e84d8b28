import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { EXPORT_MAX_DAYS, exportColumns, STATEMENT_MAX_DAYS, type CauseTick, type ExportKind, type ExportRow, type StatementCurrency } from "../../contract/wallet";
import type { ErrorCode } from "../../contract";
import { ledgerReads, money, toWire, type StatementPosting } from "../ledger";
import { toSeconds } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { allPages, mergeSorted, type KeysetRow, type PageReader, type TimeRange } from "../platform/keyset";
import type { CauseDetails } from "./cause-details";

/** Rows read per query: enough to keep the round trips few, small enough that a page is a few hundred KB at most. */
const PAGE = 500;

const isoMs = (ms: number | null | undefined) => (ms == null ? "" : new Date(Number(ms)).toISOString());

/** A ledger line of a statement, in posting order within its currency. */
interface Line {
  seq: number;
  at: Date;
  currency: string;
  entryId: number;
  kind: string;
  causeKind: string;
  causeId: string;
  memo: string | null;
  change: string;
  balance: string;
  tick: CauseTick | null;
}

/**
 * Checks a range of seconds (from and to both included, `to` a whole second) and gives it as times: from a time up
 * to, not including, the second after `to`. Refused before anything is read or sent.
 */
function rangeOf(input: { from: number; to: number }, maxDays: number, tooLong: ErrorCode): TimeRange {
  if (input.from > input.to) throw new DomainError("EXPORT_RANGE_REVERSED", ["from", "to"]);
  if (input.to - input.from > maxDays * 86_400) throw new DomainError(tooLong, ["from", "to"]);
  return { from: new Date(input.from * 1000), until: new Date((input.to + 1) * 1000) };
}

/**
 * Statements: the user's ledger, trades or deposits and withdrawals over a range as CSV (`finance/export`), streamed
 * from keyset-paged queries through csv-stringify (RFC 4180 quoting, a BOM for spreadsheets) to the reply, so memory
 * stays about one page per source whatever the range; and a month's ledger per currency for the statement page
 * (`finance/statement`). The trades and funding come from their domains' readers, which `app.ts` and the money
 * module register (spot, positions, options; funding), so the wallet knows none of their tables.
 */
export class Statements {
  private readonly trades: PageReader<ExportRow<"trades">>[] = [];
  private readonly funding: PageReader<ExportRow<"funding">>[] = [];

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

  /** Checks the range and gives the CSV stream and its file name (nothing is read before the reply consumes it). */
  csv(userId: number, input: { kind: ExportKind; from: number; to: number }): { filename: string; body: Readable } {
    const range = rangeOf(input, EXPORT_MAX_DAYS, "EXPORT_RANGE_TOO_LONG");
    const rows: AsyncIterable<Record<string, string>> =
      input.kind === "ledger" ? this.ledgerRows(userId, range) : input.kind === "trades" ? this.merged(this.trades, userId, range) : this.merged(this.funding, userId, range);
    const csv = stringify({ header: true, bom: true, columns: [...exportColumns[input.kind]], record_delimiter: "\r\n" });
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    return { filename: `tradewise-${input.kind}-${day(input.from)}-${day(input.to)}.csv`, body: Readable.from(rows).pipe(csv) };
  }

  /** A month's statement: per currency held then, the opening balance, every line and the closing balance. */
  async statement(userId: number, input: { from: number; to: number }): Promise<{ from: number; to: number; currencies: StatementCurrency[] }> {
    const range = rangeOf(input, STATEMENT_MAX_DAYS, "STATEMENT_RANGE_TOO_LONG");
    const currencies: StatementCurrency[] = [];
    for (const { currency, balance } of await ledgerReads.balancesBefore(this.db, userId, range.from)) {
      const lines: StatementCurrency["lines"] = [];
      let closing = balance;
      for await (const line of this.currencyLines(userId, currency, balance, range)) {
        closing = line.balance;
        lines.push({ entry_id: line.entryId, kind: line.kind, cause_kind: line.causeKind, cause_id: line.causeId, memo: line.memo, change: line.change, balance: line.balance, created_at: toSeconds(line.at), cause_tick: line.tick });
      }
      if (lines.length || !money(balance).isZero()) currencies.push({ currency, opening: balance, closing, lines });
    }
    return { from: input.from, to: input.to, currencies };
  }

  /** The rows of several readers in time order. */
  private async *merged<R>(readers: PageReader<R>[], userId: number, range: TimeRange): AsyncGenerator<R> {
    const sources = readers.map((read) => allPages((after) => read(userId, range, after, PAGE), PAGE));
    for await (const item of mergeSorted<KeysetRow<R>>(sources, (a, b) => a.time.getTime() < b.time.getTime())) yield item.row;
  }

  /**
   * CSV ledger rows, every currency merged in posting order, each with the balance after it: the opening balance
   * before `from` plus the changes since, so the last row of a currency shows its balance at `to`.
   */
  private async *ledgerRows(userId: number, range: TimeRange): AsyncGenerator<ExportRow<"ledger">> {
    const opening = await ledgerReads.balancesBefore(this.db, userId, range.from);
    const lines = opening.map(({ currency, balance }) => this.currencyLines(userId, currency, balance, range));
    for await (const line of mergeSorted<Line>(lines, (a, b) => a.seq < b.seq)) {
      yield {
        time: line.at.toISOString(),
        currency: line.currency,
        amount: line.change,
        balance_after: line.balance,
        cause: line.memo ? `${line.kind}: ${line.memo}` : line.kind,
        reference: `${line.causeKind}:${line.causeId}`,
        entry_id: String(line.entryId),
        tick_symbol: line.tick?.symbol ?? "",
        tick_price: line.tick?.price ?? "",
        tick_time: isoMs(line.tick?.at_ms),
      };
    }
  }

  /** One currency's lines: postings page by page, an entry's postings (its available and frozen legs) one line. */
  private async *currencyLines(userId: number, currency: string, opening: string, range: TimeRange): AsyncGenerator<Line> {
    let balance = money(opening);
    let after = 0;
    let carried: StatementPosting[] = [];
    for (;;) {
      const page = await ledgerReads.statementPostings(this.db, userId, currency, range, after, PAGE);
      const postings = [...carried, ...page];
      const done = page.length < PAGE;
      // An entry's legs may straddle two pages: the last entry of a full page waits for the next one.
      const lastEntry = postings.at(-1)?.entry_id;
      carried = done ? [] : postings.filter((p) => p.entry_id === lastEntry);
      const grouped = new Map<number, StatementPosting[]>();
      for (const posting of done ? postings : postings.filter((p) => p.entry_id !== lastEntry)) grouped.set(posting.entry_id, [...(grouped.get(posting.entry_id) ?? []), posting]);
      const groups = [...grouped.values()];
      const details = await this.causeDetails.of(groups.map((g) => g[0]));
      for (const [i, group] of groups.entries()) {
        const first = group[0];
        const change = group.reduce((sum, p) => sum.plus(p.amount), money(0));
        balance = balance.plus(change);
        yield {
          seq: first.id,
          at: first.created_at,
          currency,
          entryId: first.entry_id,
          kind: first.kind,
          causeKind: first.cause_kind,
          causeId: first.cause_id,
          memo: first.memo,
          change: toWire(change),
          balance: toWire(balance),
          tick: details[i].tick,
        };
      }
      if (done) return;
      after = page[page.length - 1].id;
    }
  }
}
