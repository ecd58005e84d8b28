import { useState } from "react";
import { Link } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { Loan } from "@contract/loans";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { compareDecimal } from "@/shared/lib/decimal";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { Fact, FactGrid } from "@/shared/ui/fact-grid";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { KeyValue } from "@/shared/ui/key-value";
import { flatten, LoadMore } from "@/shared/ui/load-more";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { useLoanStatistics, useLoans } from "../api/loans";
import { repay } from "../api/repay";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import "./loans.css";
import { decimalInput, shownDecimal } from "@/shared/i18n/decimal-input";

/** `/pages/loan/records`: my loans with status, due date, overdue days and fee, unpaid amount, and repayment. */
export function LoanRecordsPage() {
  const { t } = useLingui();
  const { data: stats } = useLoanStatistics();
  const { data, size, setSize, isValidating } = useLoans();
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const pay = useAction(async () => {
    if (!repaying) return;
    await repay({ id: repaying.id, ...(amount.trim() ? { amount: amount.trim() } : {}), idempotency_key: key });
    showToast(t`Repayment received.`, "success");
    setKey(newIdempotencyKey());
    setRepaying(null);
    setAmount("");
  });
  const { items, hasMore } = flatten(data);
  const tooMuch = repaying !== null && amount.trim() !== "" && compareDecimal(amount.trim(), repaying.unpaid) > 0;
  return (
    <Page title={<Trans>Loan records</Trans>} nav="custom" navRight={<Link href={paths.loanApply} className="btn btn--ghost btn--small">{t`Apply`}</Link>}>
      {stats && (
        <section className="card loan-stats" data-testid="loan-stats">
          <div>
            <strong>{formatAmount(stats.outstanding)}</strong>
            <small>
              <Trans>Outstanding</Trans>
            </small>
          </div>
          <div>
            <strong className={stats.overdue !== "0" ? "down" : undefined}>{formatAmount(stats.overdue)}</strong>
            <small>
              <Trans>Overdue</Trans>
            </small>
          </div>
          <div>
            <strong>{formatAmount(stats.repaid)}</strong>
            <small>
              <Trans>Repaid</Trans>
            </small>
          </div>
        </section>
      )}
      {!data ? (
        <Skeleton lines={6} />
      ) : items.length === 0 ? (
        <EmptyState icon="list">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>No loans yet.</Trans>
          </p>
          <Link href={paths.loanApply} className="btn btn--primary btn--small">
            <Trans>Loan application</Trans>
          </Link>
        </EmptyState>
      ) : (
        <section aria-label={t`Loan records`}>
          {items.map((l) => (
            <LoanCard key={l.id} loan={l} onRepay={() => setRepaying(l)} />
          ))}
          <LoadMore hasMore={hasMore} loading={isValidating && size > 1} onMore={() => void setSize(size + 1)} />
        </section>
      )}
      <ConfirmModal
        open={repaying !== null}
        title={<Trans>Repay this loan?</Trans>}
        confirm={<Trans>Repay</Trans>}
        busy={pay.pending}
        disabled={tooMuch}
        onConfirm={() => void pay.run()}
        onClose={() => setRepaying(null)}
      >
        {repaying && (
          <>
            <KeyValue label={<Trans>Unpaid</Trans>}>
              <strong data-testid="repay-unpaid">{formatAmount(repaying.unpaid, repaying.currency)}</strong>
            </KeyValue>
            <KeyValue label={<Trans>Interest (full term)</Trans>}>{formatAmount(repaying.interest, repaying.currency)}</KeyValue>
            {!repaying.overdue && repaying.due_at !== null && repaying.due_at * 1000 > Date.now() && (
              <p className="loan-note" data-testid="repay-early">
                <Trans>
                  You are repaying before the due date ({formatDateTime(repaying.due_at)}). The interest of {formatAmount(repaying.interest, repaying.currency)} is for the full <Plural value={repaying.days} one="# day" other="# days" /> and
                  is charged in full: repaying early does not reduce it.
                </Trans>
              </p>
            )}
            <TextField
              label={<Trans>Amount (empty: the whole unpaid amount)</Trans>}
              name="repay_amount"
              placeholder={shownDecimal(repaying.unpaid)}
              {...decimalInput(amount, setAmount)}
              error={tooMuch ? t`More than the unpaid amount.` : pay.errorOf("amount")}
            />
            <p className="loan-note faint">
              <Trans>The amount is taken from your available {repaying.currency} balance.</Trans>
            </p>
          </>
        )}
      </ConfirmModal>
    </Page>
  );
}

function LoanCard({ loan: l, onRepay }: { loan: Loan; onRepay: () => void }) {
  const { t } = useLingui();
  const status = l.status === "pending" ? t`Pending review` : l.status === "issued" ? t`Loan issued` : l.status === "settled" ? t`Settled` : t`Rejected`;
  return (
    <article className="card loan-card" data-testid={`loan-${l.id}`} aria-label={l.order_no}>
      <div className="loan-card__head">
        <strong>{formatAmount(l.amount, l.currency)}</strong>
        <span className={l.overdue ? "down" : l.status === "issued" ? "up" : "faint"} data-testid="loan-status">
          {status}
          {l.overdue ? ` · ${t`Overdue`}` : ""}
        </span>
      </div>
      <FactGrid>
        <Fact label={<Trans>Cycle</Trans>}>{t`${plural(l.days, { one: "# day", other: "# days" })}`}</Fact>
        <Fact label={<Trans>Daily rate / APR</Trans>}>
          {formatRate(l.daily_rate)} / {formatRate(l.apr)}
        </Fact>
        <Fact label={<Trans>Interest</Trans>}>{formatAmount(l.interest)}</Fact>
        <Fact label={<Trans>Total due</Trans>}>{formatAmount(l.total_due)}</Fact>
        <Fact label={<Trans>Repaid</Trans>}>{formatAmount(l.repaid)}</Fact>
        <Fact label={<Trans>Unpaid</Trans>}>
          <span data-testid="loan-unpaid">{formatAmount(l.unpaid)}</span>
        </Fact>
        <Fact label={<Trans>Due date</Trans>}>{l.due_at ? formatDateTime(l.due_at) : "-"}</Fact>
        <Fact label={<Trans>Overdue days / fee</Trans>}>
          <span className={l.overdue_days > 0 ? "down" : undefined}>
            {l.overdue_days} / {formatAmount(l.overdue_fee)}
          </span>
        </Fact>
        <Fact label={<Trans>Applied</Trans>}>{formatDateTime(l.created_at)}</Fact>
        <Fact wide label={<Trans>Order number</Trans>}>{l.order_no}</Fact>
      </FactGrid>
      {l.reason && (
        <p className="field__error" style={{ margin: 0 }}>
          <Trans>Reason: {l.reason}</Trans>
        </p>
      )}
      {l.status === "issued" && (
        <button type="button" className="btn btn--primary btn--small" onClick={onRepay}>
          <Trans>Repay</Trans>
        </button>
      )}
    </article>
  );
}
