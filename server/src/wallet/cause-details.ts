import type { CauseDesk, CauseTick } from "../../contract/wallet";
import { money, toWire, type CauseKind, type EntryKind } from "../ledger";

/** What the finance records show about a cause: the list that shows it and the recorded ticks it settled on. */
export interface CauseDetail {
  desk: CauseDesk | null;
  symbol: string | null;
  openTick: { price: string; at_ms: number } | null;
  closeTick: { price: string; at_ms: number } | null;
}

/** Reads the details of some causes of one kind (their ids as the ledger keeps them). */
export type CauseDetailReader = (ids: string[]) => Promise<Map<string, CauseDetail>>;

/** A cause's row as its domain reads it: its kind, and for a trade its pair and the ticks it opened/closed on. */
export interface CauseRow {
  id: number;
  kind: string;
  symbol?: string;
  openTickPrice?: string | null;
  openTickAtMs?: number | null;
  closeTickPrice?: string | null;
  closeTickAtMs?: number | null;
}

const tickOf = (price: string | null | undefined, atMs: number | null | undefined) => (price != null && atMs != null ? { price: toWire(price), at_ms: Number(atMs) } : null);

/**
 * A reader from a domain's lookup by ids. Positions and options say crypto, forex or metal (metals are on the forex
 * list), earn orders arbitrage or hosting, spot orders nothing (one list). Ids that are not row ids are skipped.
 */
export function causeReader(rowsByIds: (ids: number[]) => Promise<CauseRow[]>): CauseDetailReader {
  return async (ids) => {
    const rowIds = ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
    const rows = rowIds.length > 0 ? await rowsByIds(rowIds) : [];
    return new Map(
      rows.map((row) => [
        String(row.id),
        {
          desk: row.kind === "metal" ? "forex" : ["crypto", "forex", "arbitrage", "hosting"].includes(row.kind) ? (row.kind as CauseDesk) : null,
          symbol: row.symbol ?? null,
          openTick: tickOf(row.openTickPrice, row.openTickAtMs),
          closeTick: tickOf(row.closeTickPrice, row.closeTickAtMs),
        },
      ]),
    );
  };
}

/** Entry kinds that settle a trade's end: they show its closing tick; every other entry of a trade its opening one. */
const CLOSING_KINDS = new Set<string>(["position.close", "position.settle", "option.win", "option.loss", "option.tie"] satisfies EntryKind[]);

/**
 * Details of the causes that have them (positions, options, spot orders, earn orders): the domains owning such
 * causes register a reader (wired in `app.ts`), so the wallet knows none of them.
 */
export class CauseDetails {
  private readonly readers = new Map<string, CauseDetailReader>();
  /** A pair's price precision (the market's, wired in `app.ts`): a tick's price is shown as every price of its pair. */
  precisionOf: (symbol: string) => number | undefined = () => undefined;

  register(causeKind: CauseKind, reader: CauseDetailReader): void {
    this.readers.set(causeKind, reader);
  }

  /** Each line's desk and the tick its change settled on (null where there is none). One read per cause kind. */
  async of(lines: ReadonlyArray<{ kind: string; cause_kind: string; cause_id: string }>): Promise<Array<{ desk: CauseDesk | null; tick: CauseTick | null }>> {
    const idsByKind = new Map<string, Set<string>>();
    for (const line of lines) if (this.readers.has(line.cause_kind)) idsByKind.set(line.cause_kind, (idsByKind.get(line.cause_kind) ?? new Set()).add(line.cause_id));
    const found = new Map<string, Map<string, CauseDetail>>();
    for (const [kind, ids] of idsByKind) found.set(kind, await this.readers.get(kind)!([...ids]));
    return lines.map((line) => {
      const detail = found.get(line.cause_kind)?.get(line.cause_id);
      if (!detail) return { desk: null, tick: null };
      const tick = CLOSING_KINDS.has(line.kind) ? detail.closeTick : detail.openTick;
      if (!tick || !detail.symbol) return { desk: detail.desk, tick: null };
      // A pair no longer listed: the tick's own digits.
      const precision = this.precisionOf(detail.symbol) ?? money(tick.price).decimalPlaces();
      return { desk: detail.desk, tick: { symbol: detail.symbol, ...tick, price_precision: precision } };
    });
  }
}
