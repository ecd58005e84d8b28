import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { notifications } from "../../contract";
import type { Language } from "../../contract/constants";
import {
  TERM_NOTICE_MAX_HOURS,
  TERM_NOTICE_MIN_HOURS,
  type ConfigTermLine,
  type ConfigTermName,
  type TermChange,
  type TermName,
  type UpcomingTermChange,
} from "../../contract/market";
import { money, toWire } from "../ledger";
import { audit } from "../platform/audit";
import { toSeconds, utcDateTime, type Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import { DomainError } from "../platform/errors";
import { numberValue, type TextValues, type Translator } from "../platform/i18n";
import { noticeTexts, type NoticeBoard, type NoticeTexts } from "../platform/notify";
import { parsedOrDefault, putSetting, settingReader } from "../platform/settings";
import { marketTermChanges, type TermChangeRow } from "./terms.schema";

/**
 * An operator's change of a pair's terms reaches users only after a published notice (CONTRACT "Precisions added in
 * wave 3", issue 25). A change that is worse for users (a wider spread) is stored here as pending with its effective
 * time (now + the notice period), announced to every user in their language, and applied by the feed leader's job
 * once due: the pair's term and the change's status move in one transaction, so a restart loses nothing and applies
 * nothing twice. A change that is better for users (a narrower spread) applies at once and is announced too: nobody
 * needs time to prepare for a lower price, and holding it back would only keep users on the worse one. The back
 * office may cancel a pending change before its time; the cancellation is audited and announced. Open positions and
 * resting limit orders are out of reach either way: they keep the spread they were placed with.
 */

/** The notice period an operator sets (hours). Absent: the minimum, 24 h. */
export const termNotice = settingReader(
  "market_term_notice",
  parsedOrDefault(z.object({ hours: z.number().int().min(TERM_NOTICE_MIN_HOURS).max(TERM_NOTICE_MAX_HOURS) }), { hours: TERM_NOTICE_MIN_HOURS }),
);

const HOUR_MS = 3_600_000;

/**
 * When a worse change applies: the notice period after its announcement, rounded up to the whole second the wire and
 * the notices show (`effective_at` is in seconds), so it never applies before the time users were told.
 */
const effectiveAfter = (announcedAt: Date, hours: number) => new Date(Math.ceil((announcedAt.getTime() + hours * HOUR_MS) / 1000) * 1000);

/** A rate as the notices write it: a percentage with every digit it has (0.0004 -> 0.04). */
const percent = (rate: string) => numberValue(money(rate).times(100).toFixed());

/** A pair's spread change (the rows with a symbol and a value). */
const upcomingOf = (row: TermChangeRow): UpcomingTermChange => ({
  id: row.id,
  term: row.term as TermName,
  from: toWire(row.fromValue ?? "0"),
  to: toWire(row.toValue ?? "0"),
  announced_at: toSeconds(row.announcedAt),
  effective_at: toSeconds(row.effectiveAt),
});

export const termChangeOf = (row: TermChangeRow): TermChange => ({
  id: row.id,
  term: row.term,
  from: row.fromValue === null ? null : toWire(row.fromValue),
  to: row.toValue === null ? null : toWire(row.toValue),
  announced_at: toSeconds(row.announcedAt),
  effective_at: toSeconds(row.effectiveAt),
  changes: row.changes ?? null,
  to_config: (row.toConfig as Record<string, unknown> | null) ?? null,
  symbol: row.symbol,
  status: row.status,
  reason: row.reason,
  notice_id: row.noticeId,
  cancel_notice_id: row.cancelNoticeId,
  created_by: row.createdBy,
  applied_at: row.appliedAt ? toSeconds(row.appliedAt) : null,
  cancelled_at: row.cancelledAt ? toSeconds(row.cancelledAt) : null,
  cancel_reason: row.cancelReason,
});

/** The notice's words for a configuration, its scopes and its lines (server/contract/notifications.ts). */
const PRODUCT_KEYS: Record<ConfigTermName, string> = {
  "positions.config": notifications.TERM_PRODUCT_POSITIONS.key,
  "spot.config": notifications.TERM_PRODUCT_SPOT.key,
  "options.config": notifications.TERM_PRODUCT_OPTIONS.key,
};
const SCOPE_KEYS: Record<string, string> = {
  crypto: notifications.TERM_SCOPE_CRYPTO.key,
  forex: notifications.TERM_SCOPE_FOREX.key,
  metal: notifications.TERM_SCOPE_METAL.key,
  default: notifications.TERM_SCOPE_DEFAULT.key,
};
const LINE_KEYS: Record<ConfigTermLine["field"], string> = {
  fee_rate: notifications.TERM_LINE_FEE_RATE.key,
  maintenance_rate: notifications.TERM_LINE_MAINTENANCE_RATE.key,
  swap_long_rate: notifications.TERM_LINE_SWAP_LONG_RATE.key,
  swap_short_rate: notifications.TERM_LINE_SWAP_SHORT_RATE.key,
  max_leverage: notifications.TERM_LINE_MAX_LEVERAGE.key,
  payout_rate: notifications.TERM_LINE_PAYOUT_RATE.key,
};

/**
 * One announced line per term that differs between two values of a configuration. Rates: higher is worse for users
 * (a fee, a maintenance margin, a swap); `higherIsBetter` for a payout rate or a leverage cap (lower is worse).
 */
export function termLine(scope: string, field: ConfigTermLine["field"], from: string, to: string, seconds: number | null = null): ConfigTermLine | null {
  const a = money(from);
  const b = money(to);
  if (a.eq(b)) return null;
  const higherIsBetter = field === "payout_rate" || field === "max_leverage";
  return { scope, field, seconds, from: a.toFixed(), to: b.toFixed(), worse: higherIsBetter ? b.lt(a) : b.gt(a) };
}

export class TermChanges {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      translator: Translator;
      /** Publishes the notices (the content domain); without it (unit wiring) nothing is announced. */
      notices?: NoticeBoard;
      /** Sets a pair's spread, in the transaction that applies its change (the market domain owns the pairs). */
      setSpread: (tx: Tx, symbol: string, spreadRate: string, at: Date) => Promise<void>;
    },
  ) {}

  /** The pending changes per pair, earliest first (every process keeps them with its pairs). */
  async pendingBySymbol(): Promise<Map<string, UpcomingTermChange[]>> {
    const rows = await this.deps.db.select().from(marketTermChanges).where(eq(marketTermChanges.status, "pending")).orderBy(asc(marketTermChanges.effectiveAt), asc(marketTermChanges.id));
    const bySymbol = new Map<string, UpcomingTermChange[]>();
    for (const row of rows) if (row.symbol) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), upcomingOf(row)]);
    return bySymbol;
  }

  private texts(title: string, body: string, values: TextValues | ((lang: Language) => TextValues)): NoticeTexts {
    return noticeTexts(this.deps.translator, title, body, values);
  }

  /**
   * Writes a change (a pair's term or a whole configuration), its notice and its audit entry in the caller's
   * transaction: one applied `now` takes effect as announced, one that waits takes effect after the notice period.
   * A racing operator's change of the same term loses on the one-pending index, with the same answer as the check
   * before it. `announce` sends the notice after the caller's commit.
   */
  private async store(
    tx: Tx,
    change: {
      values: Pick<typeof marketTermChanges.$inferInsert, "symbol" | "term" | "fromValue" | "toValue" | "fromConfig" | "toConfig" | "changes">;
      now: boolean;
      texts: (effectiveAt: Date) => NoticeTexts;
      operatorId: number;
      reason: string | null;
      target: { kind: string; id: string };
      detail: Record<string, unknown>;
    },
  ) {
    const announcedAt = this.deps.clock.now();
    const hours = (await termNotice.read(tx)).hours;
    const effectiveAt = change.now ? announcedAt : effectiveAfter(announcedAt, hours);
    const notice = this.deps.notices ? await this.deps.notices.publish(tx, change.texts(effectiveAt), change.operatorId) : null;
    const [row] = await tx
      .insert(marketTermChanges)
      .values({
        ...change.values,
        status: change.now ? "applied" : "pending",
        reason: change.reason,
        announcedAt,
        effectiveAt,
        noticeId: notice?.id ?? null,
        createdBy: change.operatorId,
        appliedAt: change.now ? announcedAt : null,
      })
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new DomainError("TERM_CHANGE_PENDING", change.values.term) : error;
      });
    await audit(tx, {
      actorKind: "operator",
      actorId: change.operatorId,
      action: change.now ? "market.term.lower" : "market.term.schedule",
      targetKind: change.target.kind,
      targetId: change.target.id,
      detail: { change_id: row.id, ...change.detail, notice_hours: change.now ? 0 : hours, effective_at: effectiveAt.toISOString(), notice_id: row.noticeId, reason: change.reason },
    });
    return { row, announce: () => notice?.announce() };
  }

  /**
   * Records an operator's change of a term inside the pair's update transaction: `to` worse than `from` waits for
   * the notice period, better applies at once (the caller writes the pair's new value when `now` says so). Either
   * way the change is kept, audited and announced; `announce` runs after the caller's commit. A second change of a
   * term that already has one pending is refused (cancel it first), so users never read two competing notices.
   */
  async record(
    tx: Tx,
    change: { operatorId: number; symbol: string; term: TermName; from: string; to: string; reason: string | null },
  ): Promise<{ now: boolean; announce: () => void }> {
    const [waiting] = await tx
      .select({ id: marketTermChanges.id })
      .from(marketTermChanges)
      .where(and(eq(marketTermChanges.symbol, change.symbol), eq(marketTermChanges.term, change.term), eq(marketTermChanges.status, "pending")))
      .for("update");
    if (waiting) throw new DomainError("TERM_CHANGE_PENDING", change.term);
    const now = money(change.to).lt(change.from);
    const { announce } = await this.store(tx, {
      values: { symbol: change.symbol, term: change.term, fromValue: change.from, toValue: change.to },
      now,
      texts: (effectiveAt) =>
        this.texts(notifications.TERM_SPREAD_TITLE.key, now ? notifications.TERM_SPREAD_DOWN_BODY.key : notifications.TERM_SPREAD_UP_BODY.key, {
          symbol: change.symbol,
          from: percent(change.from),
          to: percent(change.to),
          time: utcDateTime(effectiveAt),
        }),
      operatorId: change.operatorId,
      reason: change.reason,
      target: { kind: "pair", id: change.symbol },
      detail: { term: change.term, from: change.from, to: change.to },
    });
    return { now, announce };
  }

  /** The announced lines of a configuration's change in one language, with the product and the time. */
  private configValues(term: ConfigTermName, lines: readonly ConfigTermLine[], effectiveAt: Date): (lang: Language) => TextValues {
    const t = this.deps.translator;
    return (lang) => {
      const scopeText = (scope: string) => (scope in SCOPE_KEYS ? t.t(lang, SCOPE_KEYS[scope]) : scope);
      const line = (l: ConfigTermLine) =>
        t.t(lang, LINE_KEYS[l.field], {
          scope: scopeText(l.scope),
          seconds: numberValue(String(l.seconds ?? 0)),
          from: l.field === "max_leverage" ? numberValue(l.from) : percent(l.from),
          to: l.field === "max_leverage" ? numberValue(l.to) : percent(l.to),
        });
      return { product: t.t(lang, PRODUCT_KEYS[term]), changes: lines.map(line).join("; "), time: utcDateTime(effectiveAt) };
    };
  }

  /**
   * Records an operator's change of a whole configuration (the leveraged rules, the spot fees, the option payouts)
   * inside the caller's transaction, by the same rule as a spread: when any announced line is worse for users the
   * whole configuration waits for the notice period (the row holds it, applied as one value by `applyDue`), else it
   * applies at once (`now`: the caller saves it). Either way it is kept, audited and announced, unless no term
   * changed at all (a session or a stake limit): then nothing is recorded and the caller saves at once. A second
   * change of a configuration with one waiting is refused TERM_CHANGE_PENDING.
   */
  async recordConfig(
    tx: Tx,
    change: { operatorId: number; term: ConfigTermName; from: unknown; to: unknown; lines: ConfigTermLine[]; reason: string | null },
  ): Promise<{ now: boolean; change: TermChange | null; announce: () => void }> {
    const [waiting] = await tx
      .select({ id: marketTermChanges.id })
      .from(marketTermChanges)
      .where(and(eq(marketTermChanges.term, change.term), eq(marketTermChanges.status, "pending")))
      .for("update");
    if (waiting) throw new DomainError("TERM_CHANGE_PENDING", change.term);
    if (!change.lines.length) return { now: true, change: null, announce: () => undefined };
    const now = !change.lines.some((l) => l.worse);
    const { row, announce } = await this.store(tx, {
      values: { symbol: null, term: change.term, fromConfig: change.from, toConfig: change.to, changes: change.lines },
      now,
      texts: (effectiveAt) =>
        this.texts(notifications.TERM_CONFIG_TITLE.key, now ? notifications.TERM_CONFIG_DOWN_BODY.key : notifications.TERM_CONFIG_UP_BODY.key, this.configValues(change.term, change.lines, effectiveAt)),
      operatorId: change.operatorId,
      reason: change.reason,
      target: { kind: "settings", id: change.term },
      detail: { term: change.term, changes: change.lines },
    });
    return { now, change: termChangeOf(row), announce };
  }

  /** The change of a configuration waiting for its time, if any (its back-office screen shows it). */
  async pendingConfig(db: Db | Tx, term: ConfigTermName): Promise<TermChange | null> {
    const [row] = await db
      .select()
      .from(marketTermChanges)
      .where(and(eq(marketTermChanges.term, term), eq(marketTermChanges.status, "pending")));
    return row ? termChangeOf(row) : null;
  }

  /**
   * The feed leader's job: applies every pending change whose time has come, each in one transaction with its
   * pair's term (status pending -> applied under the row lock: a second run, another leader or a restart finds it
   * applied). Answers the pairs that changed.
   */
  async applyDue(nowMs: number): Promise<string[]> {
    const now = new Date(nowMs);
    const due = await this.deps.db
      .select({ id: marketTermChanges.id })
      .from(marketTermChanges)
      .where(and(eq(marketTermChanges.status, "pending"), lte(marketTermChanges.effectiveAt, now)))
      .orderBy(asc(marketTermChanges.effectiveAt), asc(marketTermChanges.id));
    const changed: string[] = [];
    for (const { id } of due) {
      const symbol = await this.deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(marketTermChanges).where(eq(marketTermChanges.id, id)).for("update");
        if (row?.status !== "pending" || row.effectiveAt.getTime() > nowMs) return null;
        if (row.symbol === null) {
          // A configuration's change: the whole configuration announced becomes the setting, in this transaction.
          await putSetting(tx, row.term, row.toConfig);
        } else {
          await this.deps.setSpread(tx, row.symbol, toWire(row.toValue ?? "0"), now);
        }
        await tx.update(marketTermChanges).set({ status: "applied", appliedAt: now }).where(eq(marketTermChanges.id, id));
        await audit(tx, {
          actorKind: "system",
          actorId: null,
          action: "market.term.apply",
          targetKind: row.symbol === null ? "settings" : "pair",
          targetId: row.symbol ?? row.term,
          detail:
            row.symbol === null
              ? { change_id: id, term: row.term, changes: row.changes, effective_at: row.effectiveAt.toISOString() }
              : { change_id: id, term: row.term, from: toWire(row.fromValue ?? "0"), to: toWire(row.toValue ?? "0"), effective_at: row.effectiveAt.toISOString() },
        });
        return row.symbol ?? "";
      });
      if (symbol) changed.push(symbol);
    }
    return changed;
  }

  /** Cancels a pending change before its time; audited, and the cancellation is announced to every user. */
  async cancel(operatorId: number, id: number, reason: string): Promise<TermChange> {
    let announce: () => void = () => undefined;
    const row = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(marketTermChanges).where(eq(marketTermChanges.id, id)).for("update");
      if (!locked) throw new DomainError("DATA_NOT_FOUND", "id");
      const now = this.deps.clock.now();
      // Once its time has come the change is the published term (the leader applies it within seconds).
      if (locked.status !== "pending" || locked.effectiveAt.getTime() <= now.getTime()) throw new DomainError("TERM_CHANGE_STARTED", "id");
      const texts =
        locked.symbol === null
          ? this.texts(notifications.TERM_CONFIG_CANCELLED_TITLE.key, notifications.TERM_CONFIG_CANCELLED_BODY.key, this.configValues(locked.term as ConfigTermName, locked.changes ?? [], locked.effectiveAt))
          : this.texts(notifications.TERM_SPREAD_CANCELLED_TITLE.key, notifications.TERM_SPREAD_CANCELLED_BODY.key, {
              symbol: locked.symbol,
              from: percent(toWire(locked.fromValue ?? "0")),
              to: percent(toWire(locked.toValue ?? "0")),
              time: utcDateTime(locked.effectiveAt),
            });
      const notice = this.deps.notices ? await this.deps.notices.publish(tx, texts, operatorId) : null;
      if (notice) announce = notice.announce;
      const [saved] = await tx
        .update(marketTermChanges)
        .set({ status: "cancelled", cancelledAt: now, cancelledBy: operatorId, cancelReason: reason, cancelNoticeId: notice?.id ?? null })
        .where(eq(marketTermChanges.id, id))
        .returning();
      await audit(tx, {
        actorKind: "operator",
        actorId: operatorId,
        action: "market.term.cancel",
        targetKind: locked.symbol === null ? "settings" : "pair",
        targetId: locked.symbol ?? locked.term,
        detail: {
          change_id: id,
          term: locked.term,
          ...(locked.symbol === null ? { changes: locked.changes } : { from: toWire(locked.fromValue ?? "0"), to: toWire(locked.toValue ?? "0") }),
          effective_at: locked.effectiveAt.toISOString(),
          reason,
          notice_id: saved.cancelNoticeId,
        },
      });
      return saved;
    });
    announce();
    return termChangeOf(row);
  }

  /** The back office's list: pending first (earliest first), then the latest applied or cancelled. */
  async list(symbol?: string) {
    const rows = await this.deps.db
      .select()
      .from(marketTermChanges)
      .where(symbol ? eq(marketTermChanges.symbol, symbol) : undefined)
      .orderBy(sql`${marketTermChanges.status} = 'pending' DESC`, sql`CASE WHEN ${marketTermChanges.status} = 'pending' THEN ${marketTermChanges.effectiveAt} END ASC`, desc(marketTermChanges.id))
      .limit(200);
    return {
      notice_hours: (await termNotice.read(this.deps.db)).hours,
      min_notice_hours: TERM_NOTICE_MIN_HOURS,
      max_notice_hours: TERM_NOTICE_MAX_HOURS,
      list: rows.map(termChangeOf),
    };
  }

  /** Sets the notice period (audited); changes announced before keep the time they were announced with. */
  async saveNotice(operatorId: number, hours: number, reason: string | null): Promise<{ notice_hours: number }> {
    await this.deps.db.transaction(async (tx) => {
      const before = (await termNotice.read(tx)).hours;
      await termNotice.save(tx, { hours });
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: "market.term.notice", targetKind: "setting", targetId: termNotice.key, detail: { from: before, to: hours, reason } });
    });
    return { notice_hours: hours };
  }
}
