import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { StatementCurrency, StatementLine } from "@contract/wallet";
import { formatDateTime, pad2 } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Page } from "@/shared/ui/page";
import { useStatement } from "../api/statements";
import { causeLabels, entryKindLabels } from "../model/labels";
import { Amount } from "./parts";
import "./wallet.css";

/** A month picker's value (YYYY-MM) and the local month it names, as seconds from its first to its last. */
const monthValue = (date: Date) => `${date.getFullYear()}-${pad2(date.getMonth() + 1)}`;
function monthRange(value: string): { from: number; to: number } {
  const [year, month] = value.split("-").map(Number);
  const from = new Date(year, month - 1, 1).getTime() / 1000;
  const to = new Date(year, month, 1).getTime() / 1000 - 1;
  return { from, to };
}

/**
 * The monthly statement: per currency the balance at the start of the month, every entry, and the closing balance
 * (the opening plus the entries: the balance at the month's end). Made to be printed: the print style drops the
 * bars and the picker and writes black on white.
 */
export function StatementPage() {
  const { t } = useLingui();
  const [month, setMonth] = useState(() => monthValue(new Date()));
  const range = monthRange(month);
  const statement = useStatement(range);
  return (
    <Page title={<Trans>Monthly statement</Trans>} nav="custom">
      <div className="statement-controls no-print">
        <TextField label={<Trans>Month</Trans>} type="month" name="month" value={month} max={monthValue(new Date())} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        <button type="button" className="btn btn--ghost" onClick={() => window.print()} data-testid="statement-print">
          <Trans>Print</Trans>
        </button>
      </div>
      <div className="statement" data-testid="statement">
        <h2 className="statement__title">
          <Trans>Statement</Trans> <span className="num">{month}</span>
        </h2>
        <p className="statement__period muted">
          <Trans>
            From <span className="num">{formatDateTime(range.from)}</span> to <span className="num">{formatDateTime(range.to)}</span>
          </Trans>
        </p>
        {!statement.data ? (
          <div className="card">
            <Skeleton lines={5} />
          </div>
        ) : statement.data.currencies.length === 0 ? (
          <EmptyState icon="record">
            <Trans>Nothing this month: no balance and no entries.</Trans>
          </EmptyState>
        ) : (
          statement.data.currencies.map((c) => <CurrencyStatement key={c.currency} statement={c} label={t`Entries in ${c.currency}`} />)
        )}
      </div>
    </Page>
  );
}

function CurrencyStatement({ statement, label }: { statement: StatementCurrency; label: string }) {
  return (
    <section className="card statement__currency" data-testid={`statement-${statement.currency}`}>
      <h3 className="statement__currency-title">{statement.currency}</h3>
      <table className="statement__table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="statement__num">
              <Trans>Amount</Trans>
            </th>
            <th scope="col" className="statement__num">
              <Trans>Balance</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="statement__total" data-testid="statement-opening">
            <td colSpan={3}>
              <Trans>Opening balance</Trans>
            </td>
            <td className="statement__num">
              <Amount value={statement.opening} of={statement.currency} />
            </td>
          </tr>
          {statement.lines.map((line) => (
            <StatementRow key={line.entry_id} line={line} currency={statement.currency} />
          ))}
          <tr className="statement__total" data-testid="statement-closing">
            <td colSpan={3}>
              <Trans>Closing balance</Trans>
            </td>
            <td className="statement__num">
              <Amount value={statement.closing} of={statement.currency} />
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function StatementRow({ line, currency }: { line: StatementLine; currency: string }) {
  const { i18n } = useLingui();
  const title = entryKindLabels[line.kind] ? i18n._(entryKindLabels[line.kind]) : line.kind;
  const cause = causeLabels[line.cause_kind] ? i18n._(causeLabels[line.cause_kind]) : line.cause_kind;
  return (
    <tr data-testid="statement-line">
      <td className="statement__date">
        <DateThenTime text={formatDateTime(line.created_at)} />
      </td>
      <td>
        <div>{title}</div>
        <div className="statement__meta">
          {line.cause_kind === "adjustment" ? cause : `${cause} #${line.cause_id}`}
          {line.cause_tick && (
            <>
              {" "}
              · <Trans>tick {formatPrice(line.cause_tick.price, line.cause_tick.price_precision)}</Trans>
            </>
          )}
        </div>
        {line.memo && <div className="statement__meta">{line.memo}</div>}
      </td>
      <td className="statement__num">
        <Amount value={line.change} of={currency} signed />
      </td>
      <td className="statement__num">
        <Amount value={line.balance} of={currency} />
      </td>
    </tr>
  );
}

/**
 * A line's date above its time when the column is narrow: the one break the cell may take is between them, so the
 * four columns fit a phone (the balance column was cut off at the right) and neither value is split.
 */
function DateThenTime({ text }: { text: string }) {
  const [date, time] = text.split(" ");
  return (
    <>
      <span className="num">{date}</span> {time && <span className="num">{time}</span>}
    </>
  );
}
