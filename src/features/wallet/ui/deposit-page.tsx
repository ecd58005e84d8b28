import { useState } from "react";
import { useSWRConfig } from "swr";
import { Link, useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import { ApiError } from "@/shared/api/errors";
import { revalidateCalls } from "@/shared/api/revalidate-calls";
import { useAction } from "@/shared/api/use-action";
import { formatAmount } from "@/shared/i18n/format";
import { copyText } from "@/shared/lib/clipboard";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { QrCode } from "@/shared/ui/qr-code";
import { useDepositAddress } from "../api/deposit-address";
import { depositLogCall } from "../api/deposit-log";
import { requestDeposit } from "../api/deposit-request";
import { amountProblem } from "@/shared/lib/amount-check";
import { useAmountProblemText } from "@/shared/ui/amount-problem";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { ChainDeposit } from "./chain-deposit";
import { Amount } from "./parts";
import { VoucherField, type PickedImage } from "./voucher-field";
import "./wallet.css";
import { Segments } from "@/shared/ui/segments";
import { decimalInput } from "@/shared/i18n/decimal-input";

/** USDT decimals on the wire (the server refuses more). */
const USDT_DECIMALS = 6;

/**
 * Deposit USDT: choose the network. On a watched network the user's own address is shown and a transfer to it is
 * credited by itself after its confirmations; on another, send USDT to the platform's address shown (QR and copy),
 * then declare the amount with a screenshot of the transfer, which an operator checks before crediting the wallet.
 */
export function DepositPage() {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  const [, navigate] = useLocation();
  const swr = useSWRConfig();
  const [network, setNetwork] = useState<string | undefined>(undefined);
  const { data, error, isLoading } = useDepositAddress(network);
  const [amount, setAmount] = useState("");
  const [voucher, setVoucher] = useState<PickedImage | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = useAction(async () => {
    if (!data || !voucher) return;
    await requestDeposit({ currency: "USDT", network: data.network, amount: amount.trim(), md5: voucher.md5, idempotency_key: key }, voucher.file);
    showToast(i18n._(successes.SUBMIT_REVIEW.key), "success");
    setKey(newIdempotencyKey());
    // The watched network's panel read the records a moment ago: without this the records screen would show that
    // answer (SWR's deduping interval) and not the deposit just made.
    void revalidateCalls(swr, [depositLogCall]);
    navigate(paths.orderCharge);
  });

  const closed = error instanceof ApiError && error.code === "DEPOSIT_NETWORK_CLOSED";
  // What the device can tell is said as it is typed, naming the rule; the server's answer stays until the amount changes.
  const problem = data ? amountProblem(amount, { decimals: USDT_DECIMALS, min: data.min, max: data.max }) : null;
  const amountError = submit.errorOf("amount") ?? (problem && problem.rule !== "empty" ? problemText(problem, "USDT") : undefined);
  const reason = problem?.rule === "empty" ? problemText(problem) : !voucher ? t`Add the screenshot of your transfer.` : undefined;

  return (
    <Page title={<Trans>Deposit USDT</Trans>} nav="default">
      {closed ? (
        <EmptyState icon="deposit">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>Deposits are not open right now. Please contact customer service.</Trans>
          </p>
          <Link href={paths.service} className="btn btn--primary btn--small">
            <Trans>Customer service</Trans>
          </Link>
        </EmptyState>
      ) : isLoading || !data ? (
        <Skeleton lines={8} />
      ) : (
        <>
          <p className="muted" style={{ marginTop: 0, fontSize: 13 }}>
            <Trans>Only USDT is deposited. To fund another wallet, deposit USDT and convert it.</Trans>
          </p>
          <Segments as="tabs" label={t`Network`} style={{ marginBottom: 14 }} value={data.network} onChange={setNetwork} segments={data.networks.map((n) => ({ value: n, label: n }))} />
          {data.auto ? (
            <ChainDeposit address={data.address} network={data.network} confirmations={data.confirmations ?? 1} tokenContract={data.token_contract ?? ""} min={data.min} />
          ) : (
            <>
          <section className="card address-box" aria-label={t`Deposit address`}>
            <QrCode text={data.address} label={t`QR code of the deposit address`} />
            <div className="address-box__text" data-testid="deposit-address">
              {data.address}
            </div>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(data.address)}>
              <Icon name="copy" size={16} />
              <Trans>Copy address</Trans>
            </button>
            <div className="notice" style={{ textAlign: "left" }}>
              <Icon name="info" size={18} />
              <span>
                <Trans>
                  Send only USDT on {data.network} to this address. Other coins or networks are lost. Then upload the screenshot of your transfer below.
                </Trans>
              </span>
            </div>
          </section>

          <form className="form" onSubmit={submit.onSubmit} noValidate style={{ marginTop: 16 }}>
            <TextField
              label={<Trans>Amount sent</Trans>}
              name="amount"
              {...decimalInput(amount, (wire) => {
                setAmount(wire);
                submit.forget("amount");
              })}
              placeholder={t`${formatAmount(data.min, "USDT", { showCurrency: false })} to ${formatAmount(data.max, "USDT", { showCurrency: false })}`}
              error={amountError}
              hint={
                <Trans>
                  Minimum <Amount value={data.min} of="USDT" /> USDT, maximum <Amount value={data.max} of="USDT" /> USDT
                </Trans>
              }
              suffix={<span className="faint">USDT</span>}
            />
            <VoucherField label={<Trans>Payment screenshot</Trans>} value={voucher} onChange={setVoucher} error={submit.errorOf("voucher") ?? submit.errorOf("md5")} />
            <button type="submit" className="btn btn--primary" disabled={submit.pending || problem !== null || !voucher}>
              <Trans>Submit for review</Trans>
            </button>
            <DisabledReason>{reason}</DisabledReason>
          </form>
            </>
          )}
          <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16, fontSize: 14 }}>
            <Link href={paths.bankTransfer}>
              <Trans>Pay by bank transfer</Trans>
            </Link>
            <Link href={paths.orderCharge}>
              <Trans>Deposit records</Trans>
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
