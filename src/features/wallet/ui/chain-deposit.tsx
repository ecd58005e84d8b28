import { Trans, useLingui } from "@lingui/react/macro";
import { copyText } from "@/shared/lib/clipboard";
import { formatDateTime } from "@/shared/i18n/format";
import { Icon } from "@/shared/ui/icons";
import { QrCode } from "@/shared/ui/qr-code";
import { KeyValue } from "@/shared/ui/key-value";
import { useDepositLog } from "../api/deposit-log";
import { Amount, flatten, StatusBadge } from "./parts";

/** The transfers shown under the address: the latest few on this network (all of them are in the deposit records). */
const SHOWN = 5;

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

/**
 * A watched network: the user's own address (QR and copy), the token's contract, the minimum and the confirmations
 * needed, then each incoming transfer with its confirmations so far. The socket's `funding` channel refreshes the
 * list as blocks arrive (FundingWatch), until the transfer is credited.
 */
export function ChainDeposit({ address, network, confirmations, tokenContract, min }: { address: string; network: string; confirmations: number; tokenContract: string; min: string }) {
  const { t } = useLingui();
  const log = useDepositLog();
  const transfers = flatten(log.data)
    .items.filter((d) => d.source === "chain" && d.network === network)
    .slice(0, SHOWN);
  return (
    <>
      <section className="card address-box" aria-label={t`Your deposit address`}>
        <QrCode text={address} label={t`QR code of the deposit address`} />
        <div className="address-box__text" data-testid="deposit-address">
          {address}
        </div>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(address)}>
          <Icon name="copy" size={16} />
          <Trans>Copy address</Trans>
        </button>
        <div style={{ width: "100%", textAlign: "left" }}>
          <KeyValue label={<Trans>Network</Trans>}>
            <span>{network}</span>
          </KeyValue>
          <KeyValue label={<Trans>Token contract</Trans>}>
            {/* Not `.num`: that never wraps, and a contract is wider than the card. */}
            <span style={{ wordBreak: "break-all", fontSize: 12, fontVariantNumeric: "tabular-nums" }} data-testid="token-contract">
              {tokenContract}
            </span>
          </KeyValue>
          <KeyValue label={<Trans>Minimum</Trans>}>
            <Amount value={min} currency="USDT" />
          </KeyValue>
          <KeyValue label={<Trans>Confirmations needed</Trans>}>
            <span className="num">{confirmations}</span>
          </KeyValue>
        </div>
        <div className="notice" style={{ textAlign: "left" }}>
          <Icon name="info" size={18} />
          <span>
            <Trans>
              This address is yours. Send only USDT on {network} from the token contract above: it is credited by itself after {confirmations} confirmations, with no
              screenshot. A transfer below the minimum is not credited; customer service can help with it.
            </Trans>
          </span>
        </div>
      </section>
      <section aria-label={t`Incoming transfers`} style={{ marginTop: 16 }}>
        <h2 style={{ fontSize: 15, margin: "0 0 8px" }}>
          <Trans>Incoming transfers</Trans>
        </h2>
        {transfers.length === 0 ? (
          <p className="muted" style={{ fontSize: 13 }}>
            <Trans>No transfer seen yet. It appears here within seconds of its first block.</Trans>
          </p>
        ) : (
          transfers.map((d) => (
            <article key={d.id} className="record" data-testid="chain-transfer">
              <div className="record__head">
                <span className="record__amount">
                  <Amount value={d.amount} currency={d.currency} />
                </span>
                <StatusBadge status={d.status} />
              </div>
              <KeyValue label={<Trans>Confirmations</Trans>}>
                <span className="num" data-testid="chain-confirmations">
                  {Math.min(d.confirmations ?? 0, confirmations)} / {confirmations}
                </span>
              </KeyValue>
              <KeyValue label={<Trans>Transaction</Trans>}>
                <span className="num" style={{ fontSize: 12 }}>
                  {d.tx_hash ? short(d.tx_hash) : ""}
                </span>
              </KeyValue>
              <KeyValue label={<Trans>Seen</Trans>}>
                <span className="num">{formatDateTime(d.created_at)}</span>
              </KeyValue>
            </article>
          ))
        )}
      </section>
    </>
  );
}
