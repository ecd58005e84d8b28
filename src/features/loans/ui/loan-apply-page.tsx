import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { successes } from "@contract/successes";
import type { LoanUpload } from "@contract/loans";
import { useMyFeatures } from "@/shared/api/my-features";
import { useUserInfo } from "@/shared/api/user-info";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { REVIEW } from "@contract/constants";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { DisabledReason, SelectField, TextField } from "@/shared/ui/field";
import { ImageField, type PickedImage } from "@/shared/ui/image-field";
import { KeyValue } from "@/shared/ui/key-value";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { ProductUnavailable } from "@/shared/ui/product-unavailable";
import { useLoanConfig, useLoanStatistics } from "../api/loans";
import { submitLoan } from "../api/submit-loan";
import { dueIfIssuedNow, loanAmountProblem, loanPreview } from "../model/loan";
import "./loans.css";
import { decimalInput } from "@/shared/i18n/decimal-input";

/**
 * `/pages/loan/apply` (the account menu's "Loan application"): amount, cycle with its daily rate, the five photos,
 * the operator's loan agreement with its checkbox, and before submit: interest, APR, total repayment, due date.
 */
/** The loan contract's interest is for the whole term (CONTRACT.md: amount x daily rate x days), repaid early or not. */
export function EarlyRepaymentNote({ days }: { days: number }) {
  return <Trans>The interest is for the full <Plural value={days} one="# day" other="# days" />: repaying early does not reduce it.</Trans>;
}

export function LoanApplyPage() {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  const [, navigate] = useLocation();
  useUserInfo();
  const user = useAtomValue(userInfoAtom);
  const { data: config } = useLoanConfig();
  const { data: stats } = useLoanStatistics();
  const { data: features } = useMyFeatures();
  const [amount, setAmount] = useState("");
  const [days, setDays] = useState<number | null>(null);
  const [agree, setAgree] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [photos, setPhotos] = useState<Record<LoanUpload, PickedImage | null>>({ house: null, income: null, bank: null, id_front: null, id_hand: null });
  const submit = useAction(async () => {
    const { house, income, bank, id_front, id_hand } = photos;
    if (!config || !house || !income || !bank || !id_front || !id_hand) return;
    await submitLoan(
      {
        amount: amount.trim(),
        days: cycle!.days,
        agree: "1",
        house_md5: house.md5,
        income_md5: income.md5,
        bank_md5: bank.md5,
        id_front_md5: id_front.md5,
        id_hand_md5: id_hand.md5,
      },
      { house: house.file, income: income.file, bank: bank.file, id_front: id_front.file, id_hand: id_hand.file },
    );
    showToast(i18n._(successes.SUBMIT_REVIEW.key), "success");
    setConfirming(false);
    navigate(paths.loanRecords);
  });

  if (features?.loans === false) {
    return (
      <Page title={<Trans>Loan application</Trans>} nav="custom">
        <ProductUnavailable testId="loans-unavailable" title={<Trans>Credit loans are not available in your country</Trans>}>
          <Trans>Regulators in your country of residence restrict this product for retail clients, so it is switched off for your account. Your other products are not affected.</Trans>
        </ProductUnavailable>
      </Page>
    );
  }
  if (!config || !stats) {
    return (
      <Page title={<Trans>Loan application</Trans>} nav="custom">
        <Skeleton lines={8} />
      </Page>
    );
  }
  const cycle = config.cycles.find((c) => c.days === days) ?? config.cycles[0];
  const problem = loanAmountProblem(amount, config.min, config.max);
  const preview = !problem ? loanPreview(amount, cycle.daily_rate, cycle.days) : null;
  const labels: Record<LoanUpload, string> = {
    house: t`House information`,
    income: t`Income proof`,
    bank: t`Bank details`,
    id_front: t`ID photo`,
    id_hand: t`Hand-held ID photo`,
  };
  const complete = preview !== null && agree && Object.values(photos).every(Boolean);
  const kycPassed = user?.review_status === REVIEW.PASSED;
  const blocked = !kycPassed || stats.limit === "0";

  return (
    <Page title={<Trans>Loan application</Trans>} nav="custom" navRight={<Link href={paths.loanRecords} className="btn btn--ghost btn--small">{t`Records`}</Link>}>
      {!kycPassed && (
        <div className="card loan-notice">
          <Trans>Loans need a passed identity verification (KYC).</Trans>{" "}
          <Link href={paths.kyc}>{t`Verify identity`}</Link>
        </div>
      )}
      {kycPassed && stats.limit === "0" && (
        <div className="card loan-notice">
          <Trans>You have an open loan: one loan at a time.</Trans> <Link href={paths.loanRecords}>{t`Loan records`}</Link>
        </div>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (complete && !blocked) setConfirming(true);
        }}
      >
        <div className="card form">
          <TextField
            label={<Trans>Amount ({config.currency})</Trans>}
            name="amount"
            placeholder={`${formatAmount(config.min)} - ${formatAmount(config.max)}`}
            {...decimalInput(amount, setAmount)}
            error={submit.errorOf("amount") ?? (problem && problem.rule !== "empty" ? problemText(problem, config.currency) : undefined)}
          />
          <SelectField label={<Trans>Cycle</Trans>} name="days" value={String(cycle.days)} onChange={(e) => setDays(Number(e.target.value))}>
            {config.cycles.map((c) => (
              <option key={c.days} value={c.days}>
                {t`${plural(c.days, { one: "# day", other: "# days" })} · daily rate ${formatRate(c.daily_rate)} · APR ${formatRate(c.apr)}`}
              </option>
            ))}
          </SelectField>
          <KeyValue label={<Trans>Repayment method</Trans>}>
            <Trans>Principal plus interest at maturity</Trans>
          </KeyValue>
          <KeyValue label={<Trans>Daily rate</Trans>}>{formatRate(cycle.daily_rate)}</KeyValue>
          <KeyValue label={<Trans>APR (daily rate × 365)</Trans>}>
            <span data-testid="loan-apr">{formatRate(cycle.apr)}</span>
          </KeyValue>
          <KeyValue label={<Trans>Interest</Trans>}>
            <strong data-testid="loan-interest">{formatAmount(preview?.interest, config.currency)}</strong>
          </KeyValue>
          <KeyValue label={<Trans>Total repayment</Trans>}>
            <strong data-testid="loan-total">{formatAmount(preview?.total, config.currency)}</strong>
          </KeyValue>
          <KeyValue label={<Trans>Due date (if approved now)</Trans>}>{formatDateTime(dueIfIssuedNow(Date.now(), cycle.days))}</KeyValue>
          <p className="loan-note faint">
            <Trans>Overdue: {formatRate(config.overdue_daily_rate)} of the unpaid amount per day past the due date.</Trans>
          </p>
          <p className="loan-note faint" data-testid="loan-early-note">
            <EarlyRepaymentNote days={cycle.days} />
          </p>
        </div>
        <div className="loan-photos">
          {config.required.map((field) => (
            <ImageField
              key={field}
              compact
              name={field}
              label={labels[field]}
              value={photos[field]}
              onChange={(picked) => setPhotos((p) => ({ ...p, [field]: picked }))}
              error={submit.errorOf(field) ?? submit.errorOf(`${field}_md5`)}
              hint={<span />}
            />
          ))}
        </div>
        <label className="check loan-agree">
          <input type="checkbox" name="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
          <span>
            <Trans>
              I have read and accept the <Link href={paths.loanAgreement}>loan agreement</Link>.
            </Trans>
          </span>
        </label>
        {submit.errorOf("agree") && <div className="field__error">{submit.errorOf("agree")}</div>}
        <button type="submit" className="btn btn--primary" disabled={!complete || blocked || submit.pending}>
          <Trans>Apply</Trans>
        </button>
        <DisabledReason>
          {!kycPassed ? t`Loans need a passed identity verification (KYC).` : blocked ? t`You have an open loan: one loan at a time.` : problem?.rule === "empty" ? problemText(problem) : !Object.values(photos).every(Boolean) ? t`Add the five documents.` : !agree ? t`Accept the loan agreement.` : undefined}
        </DisabledReason>
      </form>
      <ConfirmModal
        open={confirming}
        title={<Trans>Submit the loan application?</Trans>}
        confirm={<Trans>Apply</Trans>}
        busy={submit.pending}
        onConfirm={() => void submit.run()}
        onClose={() => setConfirming(false)}
      >
        <KeyValue label={<Trans>Amount</Trans>}>{formatAmount(amount.trim(), config.currency)}</KeyValue>
        <KeyValue label={<Trans>Interest</Trans>}>{formatAmount(preview?.interest, config.currency)}</KeyValue>
        <KeyValue label={<Trans>Total repayment</Trans>}>{formatAmount(preview?.total, config.currency)}</KeyValue>
        <KeyValue label={<Trans>APR</Trans>}>{formatRate(cycle.apr)}</KeyValue>
        <p className="loan-note faint">
          <Trans>An operator reviews the application. Once approved, the amount is credited to your wallet and is due <Plural value={cycle.days} one="# day" other="# days" /> later.</Trans>
        </p>
        <p className="loan-note faint">
          <EarlyRepaymentNote days={cycle.days} />
        </p>
      </ConfirmModal>
    </Page>
  );
}
