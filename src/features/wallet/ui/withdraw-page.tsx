import { useState } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { REVIEW } from "@contract/constants";
import { successes } from "@contract/successes";
import { useUserInfo } from "@/shared/api/user-info";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { DisabledReason, SelectField, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { KeyValue } from "@/shared/ui/key-value";
import { useAddresses } from "../api/addresses";
import { withdraw } from "../api/withdraw";
import { useWithdrawInfo } from "../api/withdraw-info";
import { useWithdrawLog } from "../api/withdraw-log";
import { amountProblem } from "@/shared/lib/amount-check";
import { parseDecimal, sub, toDecimal } from "@/shared/lib/decimal";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { Amount, flatten, LoadMore, Notice, StatusBadge } from "./parts";
import { AddressBook, describeAddress } from "./address-book";
import { AddressWait, useSecondsLeft } from "./address-wait";
import "./wallet.css";
import { Segments } from "@/shared/ui/segments";
import { decimalInput } from "@/shared/i18n/decimal-input";

type Tab = "withdraw" | "addresses" | "records";

/** Withdraw USDT, the address book (its own module, address-book.tsx) and the withdrawal records, as tabs of one screen. */
export function WithdrawPage() {
  const { t } = useLingui();
  // `?tab=records` opens the records (the finance records link a withdrawal there).
  const asked = new URLSearchParams(useSearch()).get("tab");
  const [tab, setTab] = useState<Tab>(asked === "records" || asked === "addresses" ? asked : "withdraw");
  const tabs: [Tab, string][] = [
    ["withdraw", t`Withdraw`],
    ["addresses", t`Address book`],
    ["records", t`Records`],
  ];
  return (
    <Page title={<Trans>Withdraw USDT</Trans>} nav="default">
      <Segments as="tabs" style={{ marginBottom: 14 }} value={tab} onChange={setTab} segments={tabs.map(([value, label]) => ({ value, label }))} />
      {tab === "withdraw" && <WithdrawForm onDone={() => setTab("records")} onAddAddress={() => setTab("addresses")} />}
      {tab === "addresses" && <AddressBook />}
      {tab === "records" && <WithdrawRecords />}
    </Page>
  );
}

function WithdrawForm({ onDone, onAddAddress }: { onDone: () => void; onAddAddress: () => void }) {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  useUserInfo();
  const user = useAtomValue(userInfoAtom);
  const info = useWithdrawInfo();
  const book = useAddresses();
  const [addressId, setAddressId] = useState<string>("");
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = useAction(async () => {
    const chosen = addressId || String(book.data?.[0]?.id ?? "");
    await withdraw({ currency: "USDT", amount: amount.trim(), address_id: Number(chosen), trade_password: password, idempotency_key: key });
    showToast(i18n._(successes.WITHDRAW_SUBMITTED.key), "success");
    setAmount("");
    setPassword("");
    setKey(newIdempotencyKey());
    onDone();
  });

  const chosenAddress = book.data?.find((a) => String(a.id) === addressId) ?? book.data?.[0];
  const waitS = useSecondsLeft(chosenAddress?.usable_at ?? 0);

  if (!info.data || !book.data || !user) return <Skeleton lines={6} />;
  const rules = info.data;
  const typed = parseDecimal(amount.trim());
  const fee = parseDecimal(rules.fee) ?? 0n;
  const receive = typed !== null && typed > fee ? toDecimal(sub(typed, fee)) : null;
  const problem = amountProblem(amount, { decimals: rules.decimals, min: rules.min, available: rules.available });
  const belowMin = problem?.rule === "min";
  /** A refusal names what was sent; once the user changes that field, its message is stale and goes. */
  const edited = (field: string) => submit.setFieldErrors(({ [field]: _stale, ...rest }) => rest);
  const lockedUntil = user.withdraw_locked_until;
  // What holds every withdrawal back now (each also has its banner above): the button says it beside itself.
  const reason = rules.blocked
    ? i18n._(rules.blocked)
    : user.review_status !== REVIEW.PASSED
      ? t`Withdrawals need a passed identity verification (KYC).`
      : !user.has_trade_password
        ? t`Set a trading password first.`
        : lockedUntil
          ? t`Withdrawals reopen at ${formatDateTime(lockedUntil)}.`
          : rules.pending
            ? t`A withdrawal request is waiting for review.`
            : undefined;

  return (
    <>
      {user.review_status !== REVIEW.PASSED && (
        <Notice action={<Link href={paths.kyc} className="btn btn--primary btn--small">{t`Verify identity`}</Link>}>
          <Trans>Withdrawals need a passed identity verification (KYC).</Trans>
        </Notice>
      )}
      {!user.has_trade_password && (
        <Notice action={<Link href={paths.payPassword} className="btn btn--primary btn--small">{t`Set trading password`}</Link>}>
          <Trans>Set a trading password first: it confirms every withdrawal.</Trans>
        </Notice>
      )}
      {lockedUntil && (
        <Notice>
          <Trans>Your security settings changed recently. Withdrawals reopen at {formatDateTime(lockedUntil)}.</Trans>
        </Notice>
      )}
      {rules.pending && (
        <Notice>
          <Trans>A withdrawal request is waiting for review. You can make a new one once it is decided.</Trans>
        </Notice>
      )}
      {rules.blocked && (
        <Notice>
          {/* Two sentences from two places (the server's reason, then what to do): each on its own line. */}
          <span className="notice__lines">
            <span>{i18n._(rules.blocked)}</span>
            <span>
              <Trans>Close your open positions and cancel pending orders first: their margin is still in the market.</Trans>
            </span>
          </span>
        </Notice>
      )}

      <div className="card" style={{ marginBottom: 14 }}>
        <KeyValue label={<Trans>Available</Trans>}>
          <strong>
            <Amount value={rules.available} currency="USDT" />
          </strong>
        </KeyValue>
        <KeyValue label={<Trans>Minimum withdrawal</Trans>}>
          <Amount value={rules.min} currency="USDT" />
        </KeyValue>
        <KeyValue label={<Trans>Fee (deducted from the amount)</Trans>}>
          <Amount value={rules.fee} currency="USDT" />
        </KeyValue>
        <p className="faint" style={{ fontSize: 12, margin: "6px 0 0" }}>
          <Trans>An operator reviews each request; USDT arrives within 24 hours. Meanwhile the amount is frozen in your wallet.</Trans>
        </p>
      </div>

      {book.data.length === 0 ? (
        <EmptyState icon="wallet">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>Add a withdrawal address first.</Trans>
          </p>
          <button type="button" className="btn btn--primary btn--small" onClick={onAddAddress}>
            <Icon name="plus" size={16} />
            <Trans>Add address</Trans>
          </button>
        </EmptyState>
      ) : (
        <form className="form" onSubmit={submit.onSubmit} noValidate>
          <SelectField label={<Trans>Withdrawal address</Trans>} name="address_id" value={addressId || String(book.data[0].id)} onChange={(e) => setAddressId(e.target.value)}>
            {book.data.map((a) => (
              <option key={a.id} value={a.id}>
                {describeAddress(a)}
              </option>
            ))}
          </SelectField>
          {chosenAddress && waitS > 0 && (
            <Notice>
              <Trans>New addresses wait before they can receive a withdrawal, so that someone who got into your account cannot send your money away at once.</Trans>{" "}
              <AddressWait usableAt={chosenAddress.usable_at} />
            </Notice>
          )}
          <TextField
            label={<Trans>Amount</Trans>}
            name="amount"
            {...decimalInput(amount, (wire) => {
              setAmount(wire);
              edited("amount");
            })}
            placeholder={t`Minimum ${formatAmount(rules.min)}`}
            error={submit.errorOf("amount") ?? (problem && problem.rule !== "empty" ? problemText(problem, "USDT") : undefined)}
            suffix={
              <>
                <span className="faint">USDT</span>
                <button
                  type="button"
                  className="btn btn--link"
                  onClick={() => {
                    setAmount(rules.available);
                    edited("amount");
                  }}
                >
                  <Trans>All</Trans>
                </button>
              </>
            }
          />
          <div className="preview" aria-live="polite">
            <KeyValue label={<Trans>Fee</Trans>}>
              <Amount value={rules.fee} currency="USDT" />
            </KeyValue>
            <KeyValue label={<Trans>You receive</Trans>}>
              <span className="preview__receive" data-testid="withdraw-receive">
                {receive && !belowMin ? <Amount value={receive} currency="USDT" /> : "-"}
              </span>
            </KeyValue>
          </div>
          <TextField
            label={<Trans>Trading password</Trans>}
            name="trade_password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              edited("trade_password");
            }}
            error={submit.errorOf("trade_password")}
            hint={
              <Link href={paths.payPassword}>
                <Trans>Set or change the trading password</Trans>
              </Link>
            }
          />
          <button type="submit" className="btn btn--primary" disabled={submit.pending || reason !== undefined || problem !== null || !password || waitS > 0}>
            <Trans>Withdraw</Trans>
          </button>
          <DisabledReason>{reason ?? (problem?.rule === "empty" ? problemText(problem) : !password ? t`Enter your trading password.` : undefined)}</DisabledReason>
        </form>
      )}
    </>
  );
}

export function WithdrawRecords() {
  const { t } = useLingui();
  const log = useWithdrawLog();
  const { items, hasMore } = flatten(log.data);
  if (!log.data) return <Skeleton lines={5} />;
  if (!items.length) {
    return (
      <EmptyState icon="record">
        <Trans>No withdrawals yet.</Trans>
      </EmptyState>
    );
  }
  return (
    <section aria-label={t`Withdrawal records`}>
      {items.map((w) => (
        <article key={w.id} className="record" data-testid="withdrawal-record">
          <div className="record__head">
            <span className="record__title">
              <Trans>Withdrawal #{w.id}</Trans>
            </span>
            <StatusBadge status={w.status} />
          </div>
          <KeyValue label={<Trans>Amount</Trans>}>
            <span className="record__amount">
              <Amount value={w.amount} currency={w.currency} />
            </span>
          </KeyValue>
          <KeyValue label={<Trans>Fee</Trans>}>
            <Amount value={w.fee} currency={w.currency} />
          </KeyValue>
          <KeyValue label={w.status === "succeeded" ? <Trans>Received</Trans> : <Trans>You receive</Trans>}>
            <Amount value={w.receive} currency={w.currency} />
          </KeyValue>
          <KeyValue label={<Trans>Address</Trans>}>
            <span style={{ fontFamily: "var(--mono)", fontSize: 12 }}>
              {w.network} · {w.address}
            </span>
          </KeyValue>
          {w.tx_hash && (
            <KeyValue label={<Trans>Transaction hash</Trans>}>
              <span style={{ fontFamily: "var(--mono)", fontSize: 12 }}>{w.tx_hash}</span>
            </KeyValue>
          )}
          <KeyValue label={<Trans>Requested</Trans>}>
            <span className="num">{formatDateTime(w.created_at)}</span>
          </KeyValue>
          {w.reviewed_at && (
            <KeyValue label={<Trans>Reviewed</Trans>}>
              <span className="num">{formatDateTime(w.reviewed_at)}</span>
            </KeyValue>
          )}
          {w.reason && (
            <div className="record__reason">
              <Trans>Reason: {w.reason}</Trans>
            </div>
          )}
        </article>
      ))}
      <LoadMore hasMore={hasMore} loading={log.isValidating && !!log.data && log.data.length < log.size} onMore={() => void log.setSize(log.size + 1)} />
    </section>
  );
}
