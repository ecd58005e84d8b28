import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MarketKind } from "@contract/market";
import type { Option, OptionDirection } from "@contract/options";
import { successes } from "@contract/successes";
import { useMyFeatures } from "@/shared/api/my-features";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatRate } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { DisabledReason, SelectField, TextField } from "@/shared/ui/field";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { KeyValue } from "@/shared/ui/key-value";
import { ProductUnavailable } from "@/shared/ui/product-unavailable";
import { useOptions, type OptionsDesk } from "../api/options-list";
import { usePayable } from "../api/payable";
import { usePeriods } from "../api/periods";
import { useQuotes } from "@/shared/market/quotations";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { submitOption } from "../api/submit-option";
import { previewOption, stakeProblem } from "../model/figures";
import { OptionCard } from "./option-card";
import { PeriodLabel } from "./labels";
import "./options.css";
import { Segments } from "@/shared/ui/segments";
import { decimalInput } from "@/shared/i18n/decimal-input";

/** Shown instead of the ticket when the user's country has timed options switched off. */
export function OptionsUnavailable() {
  return (
    <ProductUnavailable testId="options-unavailable" title={<Trans>Timed options are not available in your country</Trans>}>
      <Trans>
        Regulators in your country of residence restrict timed options for retail clients, so this product is switched off for your account. Your other products are not affected.
      </Trans>
    </ProductUnavailable>
  );
}

/**
 * The options ticket of one pair: up or down, a period with its payout rate, the stake; before submit the payout
 * on a win, the loss on a loss, the break-even win rate and, in plain words, that a coin-toss market makes this a
 * losing bet on average. After submit the option counts down here, then shows its result with both ticks.
 */
export function OptionTicket({ symbol, kind, desk, riskWarning, hours }: { symbol: string; kind: MarketKind; desk: OptionsDesk; riskWarning?: ReactNode; hours?: ReactNode }) {
  const features = useMyFeatures();
  if (features.data && !features.data.options) return <OptionsUnavailable />;
  if (!features.data && !features.error) return <Skeleton lines={6} />;
  return <TicketForm key={`${desk}:${symbol}`} symbol={symbol} kind={kind} desk={desk} riskWarning={riskWarning} hours={hours} />;
}

function TicketForm({ symbol, kind, desk, riskWarning, hours }: { symbol: string; kind: MarketKind; desk: OptionsDesk; riskWarning: ReactNode; hours: ReactNode }) {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  const periods = usePeriods(kind);
  const payable = usePayable();
  const quotes = useQuotes([symbol]);
  const open = useOptions(desk, "open");
  const settled = useOptions(desk, "settled");
  const [direction, setDirection] = useState<OptionDirection>("up");
  const [seconds, setSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState("10");
  const [currency, setCurrency] = useState("USDT");
  const [key, setKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<Option | null>(null);

  const list = periods.data ?? [];
  // A period the market's hours rule out (forex and metals: it would expire while the market is closed) is shown
  // but cannot be chosen; the first one that can is chosen until the user picks.
  const period = list.find((p) => p.seconds === seconds && p.available) ?? list.find((p) => p.available);
  const closed = list.length > 0 && !list.some((p) => p.available);
  const wallet = payable.data?.find((c) => c.currency === currency) ?? payable.data?.[0];
  const quote = quotes.data?.find((q) => q.symbol === symbol);
  const stake = amount.trim();
  const preview = period ? previewOption(stake, period.rate) : null;
  const problem = period ? stakeProblem(stake, period, wallet?.available ?? null) : null;

  const submit = useAction(async () => {
    if (!period || !wallet) return;
    const option = await submitOption(desk, { symbol, direction, seconds: period.seconds, amount: stake, currency: wallet.currency, idempotency_key: key });
    showToast(i18n._(successes.ORDER_PLACED.key), "success");
    setPlaced(option);
    setKey(newIdempotencyKey());
  });

  // The placed option as the live lists know it (the socket's `orders` channel updates them), else as placed.
  const current = placed ? (settled.data?.list.find((o) => o.id === placed.id) ?? open.data?.list.find((o) => o.id === placed.id) ?? placed) : null;

  if (!periods.data || !payable.data) return <Skeleton lines={8} />;
  return (
    <div className="opt-ticket">
      {current && (
        <section aria-label={t`Your option`}>
          <OptionCard option={current} price={quote?.last} />
          {current.status === "settled" && (
            <button type="button" className="btn btn--ghost" style={{ marginTop: 10 }} onClick={() => setPlaced(null)}>
              <Trans>New option</Trans>
            </button>
          )}
        </section>
      )}
      <form className="opt-ticket" onSubmit={submit.onSubmit} noValidate aria-label={t`Option ticket`} hidden={current?.status === "open"}>
        <Segments
          as="radio"
          className="opt-direction"
          label={t`Direction`}
          value={direction}
          onChange={setDirection}
          segments={[
            { value: "up", label: <Trans>Up</Trans>, className: "seg-up" },
            { value: "down", label: <Trans>Down</Trans>, className: "seg-down" },
          ]}
        />
        <div className="field">
          <span className="field__label" id="opt-period-label">
            <Trans>Period and payout rate</Trans>
          </span>
          <div className="opt-periods" role="radiogroup" aria-labelledby="opt-period-label">
            {list.map((p) => (
              <button
                key={p.seconds}
                type="button"
                role="radio"
                className="opt-period"
                aria-checked={p.seconds === period?.seconds}
                disabled={!p.available}
                onClick={() => setSeconds(p.seconds)}
                data-testid={`period-${p.seconds}`}
              >
                <PeriodLabel seconds={p.seconds} />
                <small>{p.available ? formatRate(p.rate, 2) : <Trans>Closed at expiry</Trans>}</small>
              </button>
            ))}
          </div>
          {closed ? (
            <p className="field__hint" data-testid="periods-closed">
              <Trans>The market is closed: no option can be placed until it opens.</Trans>
            </p>
          ) : (
            list.some((p) => !p.available) && (
              <p className="field__hint" data-testid="periods-unavailable">
                <Trans>Periods that would end while the market is closed are not offered.</Trans>
              </p>
            )
          )}
          {list.some((p) => !p.available) && hours}
        </div>
        {payable.data.length > 1 && (
          <SelectField label={<Trans>Pay with</Trans>} name="currency" value={wallet?.currency} onChange={(e) => setCurrency(e.target.value)}>
            {payable.data.map((c) => (
              <option key={c.currency} value={c.currency}>
                {c.currency}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={<Trans>Stake</Trans>}
          name="amount"
          {...decimalInput(amount, (wire) => {
            setAmount(wire);
            submit.forget("amount");
          })}
          error={submit.errorOf("amount") ?? (problem && problem.rule !== "empty" ? problemText(problem, wallet?.currency) : undefined)}
          hint={
            period && wallet ? (
              <Trans>
                Min {formatAmount(period.min, wallet.currency, { showCurrency: false })} · max {formatAmount(period.max, wallet.currency, { showCurrency: false })} · available {formatAmount(wallet.available, wallet.currency)}
              </Trans>
            ) : undefined
          }
          suffix={<span className="faint">{wallet?.currency}</span>}
        />

        {period && (
          <div className="opt-preview" data-testid="option-preview">
            <KeyValue label={<Trans>If you win</Trans>}>
              <strong className="up" data-testid="preview-win">
                {preview ? <Trans>{formatAmount(preview.payout, wallet?.currency, { showCurrency: false })} back (+{formatAmount(preview.profit, wallet?.currency, { showCurrency: false })})</Trans> : "-"}
              </strong>
            </KeyValue>
            <KeyValue label={<Trans>If you lose</Trans>}>
              <strong className="down" data-testid="preview-loss">
                {preview ? `-${formatAmount(preview.loss, wallet?.currency, { showCurrency: false })}` : "-"}
              </strong>
            </KeyValue>
            <KeyValue label={<Trans>If the price is unchanged</Trans>}>
              <span>
                <Trans>Stake back</Trans>
              </span>
            </KeyValue>
            <KeyValue label={<Trans>Break-even win rate</Trans>}>
              <strong data-testid="preview-break-even">{formatRate(period.break_even_win_rate, 2)}</strong>
            </KeyValue>
            <p className="opt-honest" data-testid="preview-honest">
              <Trans>
                A win pays {formatRate(period.rate, 2)} of the stake, a loss costs all of it: you must win more than {formatRate(period.break_even_win_rate, 2)} of your trades just to break even.
              </Trans>
              {preview && (
                <>
                  {" "}
                  <Trans>If the market is a coin toss, each trade loses {formatAmount(preview.coinToss.replace("-", ""), wallet?.currency, { showCurrency: false })} on average.</Trans>
                </>
              )}
            </p>
          </div>
        )}
        <Link href={paths.optionsHelp} className="opt-help">
          <Trans>How timed options work</Trans>
        </Link>
        {riskWarning}
        <button type="submit" className="btn btn--primary" disabled={submit.pending || !period || !wallet || problem !== null || !quote}>
          {direction === "up" ? <Trans>Buy up</Trans> : <Trans>Buy down</Trans>}
        </button>
        <DisabledReason>{problem?.rule === "empty" ? problemText(problem) : undefined}</DisabledReason>
      </form>
    </div>
  );
}
