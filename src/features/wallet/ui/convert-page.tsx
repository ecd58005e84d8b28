import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { DisabledReason, SelectField, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { KeyValue } from "@/shared/ui/key-value";
import { convert } from "../api/convert";
import { useFlashPairs } from "../api/flash-pairs";
import { useMyFlashes } from "../api/my-flashes";
import { useWallets } from "../api/wallets";
import { amountProblem } from "@/shared/lib/amount-check";
import { floorTo, parseDecimal, toDecimal } from "@/shared/lib/decimal";
import { previewFlash } from "../model/flash-preview";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { Amount, flatten, LoadMore } from "./parts";
import "./wallet.css";
import { decimalInput } from "@/shared/i18n/decimal-input";

/** Flash exchange between wallets at the rate of the moment, with a preview of what arrives before converting. */
export function ConvertPage() {
  const { t } = useLingui();
  const problemText = useAmountProblemText();
  const pairs = useFlashPairs();
  const wallets = useWallets();
  const [from, setFrom] = useState("USDT");
  const [to, setTo] = useState("");
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const list = pairs.data ?? [];
  const froms = [...new Set(list.map((p) => p.from))];
  const tos = list.filter((p) => p.from === from).map((p) => p.to);
  const target = tos.includes(to) ? to : (tos[0] ?? "");
  const pair = list.find((p) => p.from === from && p.to === target);
  const available = wallets.data?.find((w) => w.currency === from)?.available ?? "0";
  const preview = pair ? previewFlash(amount, pair) : null;
  const problem = pair ? amountProblem(amount, { decimals: pair.from_decimals, min: pair.min, max: pair.max, available }) : null;
  const limitError = problem && problem.rule !== "empty" ? problemText(problem, from) : undefined;
  const history = useMyFlashes();
  // Converting is asked once more with its figures (rate, fee, what arrives) before anything is sent.
  const [confirming, setConfirming] = useState(false);
  const submit = useAction(async () => {
    setConfirming(false);
    const done = await convert({ from, to: target, amount: amount.trim(), idempotency_key: key });
    showToast(t`Converted: ${formatAmount(done.received, done.to)} received`, "success");
    setAmount("");
    setKey(newIdempotencyKey());
    await history.mutate();
  });
  const swap = () => {
    if (!target) return;
    setFrom(target);
    setTo(from);
    setAmount("");
  };
  const { items, hasMore } = flatten(history.data);

  return (
    <Page title={<Trans>Convert</Trans>} nav="custom">
      {!pairs.data ? (
        <Skeleton lines={6} />
      ) : list.length === 0 ? (
        <EmptyState icon="swap">
          <Trans>Conversion is not available right now.</Trans>
        </EmptyState>
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
          noValidate
        >
          <SelectField label={<Trans>From</Trans>} name="from" value={from} onChange={(e) => { setFrom(e.target.value); setAmount(""); }}>
            {froms.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <div className="swap-btn">
            <button type="button" className="icon-btn" aria-label={t`Swap direction`} onClick={swap}>
              <Icon name="swap" />
            </button>
          </div>
          <SelectField label={<Trans>To</Trans>} name="to" value={target} onChange={(e) => setTo(e.target.value)}>
            {tos.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <TextField
            label={<Trans>Amount</Trans>}
            name="amount"
            {...decimalInput(amount, setAmount)}
            placeholder={pair ? t`${formatAmount(pair.min, pair.from, { showCurrency: false })} to ${formatAmount(pair.max, pair.from, { showCurrency: false })}` : ""}
            error={submit.errorOf("amount") ?? limitError}
            hint={
              <Trans>
                Available <Amount value={available} of={from} /> {from}
              </Trans>
            }
            suffix={
              <>
                <span className="faint">{from}</span>
                <button type="button" className="btn btn--link" onClick={() => setAmount(pair ? toDecimal(floorTo(parseDecimal(available) ?? 0n, pair.from_decimals)) : available)}>
                  <Trans>Max</Trans>
                </button>
              </>
            }
          />
          {pair && (
            <div className="preview" aria-live="polite">
              <KeyValue label={<Trans>Rate</Trans>}>
                <span className="num">
                  1 {from} ≈ {formatPrice(pair.rate, pair.to_decimals + 2)} {target}
                </span>
              </KeyValue>
              <KeyValue label={<Trans>Fee ({formatRate(pair.fee_rate)})</Trans>}>
                <span>{preview ? <Amount value={preview.fee} currency={from} /> : "-"}</span>
              </KeyValue>
              <KeyValue label={<Trans>You get</Trans>}>
                <span className="preview__receive" data-testid="convert-receive">
                  {preview && !limitError ? <Amount value={preview.receive} currency={target} /> : "-"}
                </span>
              </KeyValue>
              <p className="faint" style={{ fontSize: 12, margin: "4px 0 0" }}>
                <Trans>The rate is the price at the moment you convert; the amount you get may differ slightly if the price moves.</Trans>
              </p>
            </div>
          )}
          <button type="submit" className="btn btn--primary" disabled={submit.pending || !pair || !preview || Boolean(limitError)}>
            <Trans>Convert</Trans>
          </button>
          <DisabledReason>{problem?.rule === "empty" ? problemText(problem) : undefined}</DisabledReason>
        </form>
      )}
      {pair && preview && (
        <ConfirmModal open={confirming} title={<Trans>Convert {formatAmount(amount.trim(), from)} to {target}?</Trans>} confirm={<Trans>Convert</Trans>} busy={submit.pending} onConfirm={() => void submit.run()} onClose={() => setConfirming(false)}>
          <div data-testid="convert-confirm">
            <KeyValue label={<Trans>Rate</Trans>}>
              <span className="num">
                1 {from} ≈ {formatPrice(pair.rate, pair.to_decimals + 2)} {target}
              </span>
            </KeyValue>
            <KeyValue label={<Trans>Fee ({formatRate(pair.fee_rate)})</Trans>}>
              <Amount value={preview.fee} currency={from} />
            </KeyValue>
            <KeyValue label={<Trans>You get</Trans>}>
              <strong>
                <Amount value={preview.receive} currency={target} />
              </strong>
            </KeyValue>
          </div>
        </ConfirmModal>
      )}

      <h2 className="section__title">
        <Trans>My conversions</Trans>
      </h2>
      {!history.data ? (
        <Skeleton lines={3} />
      ) : items.length === 0 ? (
        <EmptyState icon="swap">
          <Trans>No conversions yet.</Trans>
        </EmptyState>
      ) : (
        <>
          {items.map((e) => (
            <article key={e.id} className="record">
              <div className="record__head">
                <span className="record__title">
                  {e.from} → {e.to}
                </span>
                <span className="faint num" style={{ fontSize: 12 }}>
                  {formatDateTime(e.created_at)}
                </span>
              </div>
              <KeyValue label={<Trans>Paid</Trans>}>
                <Amount value={e.amount} currency={e.from} />
              </KeyValue>
              <KeyValue label={<Trans>Fee</Trans>}>
                <Amount value={e.fee} currency={e.from} />
              </KeyValue>
              <KeyValue label={<Trans>Received</Trans>}>
                <strong>
                  <Amount value={e.received} currency={e.to} />
                </strong>
              </KeyValue>
            </article>
          ))}
          <LoadMore hasMore={hasMore} loading={history.isValidating && history.data.length < history.size} onMore={() => void history.setSize(history.size + 1)} />
        </>
      )}
    </Page>
  );
}
