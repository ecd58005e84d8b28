import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { EarnKind } from "@contract/earn";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { compareDecimal } from "@/shared/lib/decimal";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { KeyValue } from "@/shared/ui/key-value";
import { ConfirmModal } from "@/shared/ui/modal";
import { useProducts } from "../api/products";
import { subscribe } from "../api/subscribe";
import { amountProblem, dailyIncome, earlyExit, termIncome } from "../model/earn";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { Disclosure, EarnUnavailable, ProductCard, useEarnSwitchedOff } from "./parts";
import { decimalInput } from "@/shared/i18n/decimal-input";

const DAY_MS = 86_400_000;

/**
 * `/pages/arbitrage/detail?kind=&id=`: one product and its subscription form: the amount within min/max and the
 * available balance (given by the page, from the wallet), and before submit the income per day and over the term,
 * when it is paid and when the principal returns.
 */
export function SubscribeForm({ kind, productId, available }: { kind: EarnKind; productId: number; available: string | null }) {
  const { t } = useLingui();
  const problemText = useAmountProblemText();
  const [, navigate] = useLocation();
  const { data } = useProducts(kind);
  const [amount, setAmount] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const switchedOff = useEarnSwitchedOff();
  const product = data?.find((p) => p.id === productId);
  const submit = useAction(async () => {
    if (!product) return;
    await subscribe(kind, { product_id: product.id, amount: amount.trim(), idempotency_key: key });
    showToast(t`Subscribed: your order is in progress.`, "success");
    setKey(newIdempotencyKey());
    setConfirming(false);
    navigate(kind === "arbitrage" ? paths.arbitrageOrder : paths.hostingOrders);
  });

  if (switchedOff) return <EarnUnavailable />;
  if (!data) return <Skeleton lines={6} />;
  if (!product) {
    return (
      <EmptyState icon="robot">
        <Trans>Project does not exist or has ended.</Trans>
      </EmptyState>
    );
  }
  const typed = amount.trim();
  const problem = amountProblem(typed, { min: product.min, max: product.max, available });
  const daily = !problem ? dailyIncome(typed, product.daily_rate) : null;
  const term = !problem ? termIncome(typed, product.daily_rate, product.days) : null;
  const now = Date.now();
  const firstPay = Math.floor(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1) / 1000);
  const endsAt = firstPay + (product.days - 1) * (DAY_MS / 1000);
  const full = product.max_participants > 0 && product.participants >= product.max_participants;
  return (
    <>
      <ProductCard product={product} action={false} />
      <form
        className="form card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) setConfirming(true);
        }}
      >
        <TextField
          label={<Trans>Amount ({product.currency})</Trans>}
          name="amount"
          placeholder={`${formatAmount(product.min)} - ${formatAmount(product.max)}`}
          {...decimalInput(amount, (wire) => {
            setAmount(wire);
            submit.forget("amount");
          })}
          error={submit.errorOf("amount") ?? (problem && problem.rule !== "empty" ? problemText(problem, product.currency) : undefined)}
          suffix={
            available !== null && (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setAmount(minOf(available, product.max))}>
                <Trans>Max</Trans>
              </button>
            )
          }
        />
        <KeyValue label={<Trans>Available</Trans>}>
          <strong data-testid="available">{formatAmount(available ?? "0", product.currency)}</strong>
        </KeyValue>
        <KeyValue label={<Trans>Limits</Trans>}>
          {formatAmount(product.min)} - {formatAmount(product.max, product.currency)}
        </KeyValue>
        <KeyValue label={<Trans>Income per day</Trans>}>
          <strong className="up" data-testid="preview-daily">{daily ? formatAmount(daily, product.currency) : "-"}</strong>
        </KeyValue>
        <KeyValue label={<Trans>Income over <Plural value={product.days} one="# day" other="# days" /></Trans>}>
          <strong className="up" data-testid="preview-term">{term ? formatAmount(term, product.currency) : "-"}</strong>
        </KeyValue>
        <KeyValue label={<Trans>First income</Trans>}>{formatDateTime(firstPay)}</KeyValue>
        <KeyValue label={<Trans>Principal returns</Trans>}>{formatDateTime(endsAt)}</KeyValue>
        <p className="earn-note faint">
          <Trans>The amount is held (frozen) in your wallet until the end of the term; income is credited to your wallet every day at 00:00 UTC.</Trans>
        </p>
        {full ? (
          <p className="field__error">
            <Trans>Maximum number of participants reached</Trans>
          </p>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={problem !== null || submit.pending}>
            <Trans>Subscribe</Trans>
          </button>
        )}
        {!full && <DisabledReason>{problem?.rule === "empty" ? problemText(problem) : undefined}</DisabledReason>}
        {available !== null && problem?.rule === "balance" && (
          <Link href={paths.uploadVoucher} className="btn btn--ghost">
            <Trans>Deposit</Trans>
          </Link>
        )}
      </form>
      <ConfirmModal
        open={confirming}
        title={<Trans>Confirm the subscription</Trans>}
        confirm={<Trans>Subscribe</Trans>}
        busy={submit.pending}
        onConfirm={() => void submit.run()}
        onClose={() => setConfirming(false)}
      >
        <KeyValue label={<Trans>Amount held</Trans>}>{formatAmount(typed, product.currency)}</KeyValue>
        <KeyValue label={<Trans>Income per day</Trans>}>{formatAmount(daily, product.currency)}</KeyValue>
        <KeyValue label={<Trans>Income over <Plural value={product.days} one="# day" other="# days" /></Trans>}>{formatAmount(term, product.currency)}</KeyValue>
        {product.kind === "hosting" && (
          <KeyValue label={<Trans>If you exit early you get back</Trans>}>{formatAmount(earlyExit(typed || "0", product.early_exit_penalty_rate).returned, product.currency)}</KeyValue>
        )}
        <Disclosure product={product} />
      </ConfirmModal>
    </>
  );
}

const minOf = (a: string, b: string) => (compareDecimal(a, b) <= 0 ? a : b);
