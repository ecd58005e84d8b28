import type { CauseDesk } from "../../contract/wallet";

/** Reads which list shows each of some causes of one kind (their ids as the ledger keeps them). */
export type CauseDeskReader = (ids: string[]) => Promise<Map<string, CauseDesk>>;

/**
 * A reader from a domain's "kind of each row" lookup: positions and options say crypto, forex or metal (metals are
 * on the forex list), earn orders arbitrage or hosting. Ids that are not row ids are skipped.
 */
export function deskReader(kindsByIds: (ids: number[]) => Promise<Array<{ id: number; kind: string }>>): CauseDeskReader {
  return async (ids) => {
    const rowIds = ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
    const rows = rowIds.length > 0 ? await kindsByIds(rowIds) : [];
    return new Map(rows.map((row) => [String(row.id), row.kind === "metal" ? "forex" : (row.kind as CauseDesk)]));
  };
}

/**
 * Which screen lists a cause when its product has two (a forex position is not on the crypto positions list): the
 * domains owning such causes register a reader (wired in `app.ts`), so the wallet knows none of them.
 */
export class CauseDesks {
  private readonly readers = new Map<string, CauseDeskReader>();

  register(causeKind: string, reader: CauseDeskReader): void {
    this.readers.set(causeKind, reader);
  }

  /** The desk of each line's cause, or null where its kind has one list (or no reader). One read per kind. */
  async of(lines: ReadonlyArray<{ cause_kind: string; cause_id: string }>): Promise<Array<CauseDesk | null>> {
    const idsByKind = new Map<string, Set<string>>();
    for (const line of lines) if (this.readers.has(line.cause_kind)) idsByKind.set(line.cause_kind, (idsByKind.get(line.cause_kind) ?? new Set()).add(line.cause_id));
    const found = new Map<string, Map<string, CauseDesk>>();
    for (const [kind, ids] of idsByKind) found.set(kind, await this.readers.get(kind)!([...ids]));
    return lines.map((line) => found.get(line.cause_kind)?.get(line.cause_id) ?? null);
  }
}
