import { useState } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { MyProof } from "@contract/proof";
import { useOnline } from "@/shared/api/online";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { KeyValue } from "@/shared/ui/key-value";
import { Page } from "@/shared/ui/page";
import { useProofMine } from "../api/get-proof-mine";
import { useProofRoot } from "../api/get-proof-root";
import { FORMULAS } from "../model/rules";
import { verifyProof, type Verification, type VerifyStep } from "../model/verify";
import "./trust.css";

/**
 * The trust centre: the latest proof-of-liabilities roots and totals, "verify my balance" (the path recomputed here
 * with WebCrypto, step by step; it works offline from the last proof fetched, kept in the persisted cache), and the
 * hashing rules, so anyone can check with their own code.
 */
export function TrustPage() {
  const root = useProofRoot();
  const mine = useProofMine();
  const online = useOnline();
  return (
    <Page title={<Trans>Proof of reserves</Trans>} nav="default">
      <p className="faint trust__lead">
        <Trans>
          Every day at 00:00 UTC, and within the hour after new funds arrive, we publish one fingerprint (a Merkle-sum root) of all users' balances per currency. Your
          balance is a leaf of that tree: check below that it is counted, without trusting us.
        </Trans>
      </p>
      <p className="faint trust__lead" data-testid="trust-proves">
        <Trans>
          This proves our liabilities: the total we owe all users in each currency, with your balance in it. It does not prove the reserves that cover them: those are declared by the
          operator, below.
        </Trans>
      </p>
      {!online && mine.data && (
        <div className="notice" role="status">
          <Trans>Offline: the proof fetched at {formatDateTime(mine.data.at)} can still be verified on this device.</Trans>
        </div>
      )}
      <h2 className="trust__title">
        <Trans>Latest snapshot</Trans>
      </h2>
      {root.data ? (
        root.data.at === null ? (
          <EmptyState>
            <Trans>No snapshot has been taken yet.</Trans>
          </EmptyState>
        ) : (
          <div className="list trust__roots">
            <KeyValue label={<Trans>Taken at</Trans>}>{formatDateTime(root.data.at)}</KeyValue>
            {root.data.currencies.map((c) => (
              <div key={c.currency} className="trust__root">
                <KeyValue label={c.currency}>
                  <span>
                    <HeldFor total={formatAmount(c.total, c.currency, { showCurrency: false })} accounts={c.leaves} />
                  </span>
                </KeyValue>
                <code className="trust__hash">{c.root}</code>
              </div>
            ))}
          </div>
        )
      ) : root.isLoading ? (
        <Skeleton lines={3} />
      ) : null}
      <h2 className="trust__title">
        <Trans>Reserves declared by the operator</Trans>
      </h2>
      {root.data &&
        (root.data.reserves.length === 0 ? (
          <EmptyState>
            <Trans>The operator has not declared any reserves yet.</Trans>
          </EmptyState>
        ) : (
          <div className="list trust__roots" data-testid="trust-reserves">
            {root.data.reserves.map((r) => (
              <div key={`${r.currency}-${r.network}-${r.address}`} className="trust__root">
                <KeyValue label={r.network ? `${r.currency} (${r.network})` : r.currency}>{formatAmount(r.amount, r.currency, { showCurrency: false })}</KeyValue>
                <code className="trust__hash">{r.address}</code>
              </div>
            ))}
          </div>
        ))}
      <h2 className="trust__title">
        <Trans>Verify my balance</Trans>
      </h2>
      {mine.data ? (
        mine.data.list.length === 0 ? (
          <EmptyState>
            {mine.data.at === null ? (
              <Trans>No snapshot has been taken yet.</Trans>
            ) : (
              <Trans>None of your balances is in the latest snapshot, taken at {formatDateTime(mine.data.at)}. Funds credited since then are counted in the next one, within the hour.</Trans>
            )}
          </EmptyState>
        ) : (
          mine.data.list.map((p) => <ProofCard key={p.currency} proof={p} />)
        )
      ) : mine.isLoading ? (
        <Skeleton lines={2} />
      ) : null}
      <Rules />
    </Page>
  );
}

/** "127.5 held for 3 accounts", one account in the singular (lingui plural rules per language). */
function HeldFor({ total, accounts }: { total: string; accounts: number }) {
  return <Plural value={accounts} one={`${total} held for # account`} other={`${total} held for # accounts`} />;
}

function ProofCard({ proof }: { proof: MyProof }) {
  const [result, setResult] = useState<Verification | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      setResult(await verifyProof(proof));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card trust__card" aria-label={proof.currency}>
      <KeyValue label={<Trans>My balance ({proof.currency})</Trans>}>
        <strong>{formatAmount(proof.leaf.balance, proof.currency, { showCurrency: false })}</strong>
      </KeyValue>
      <KeyValue label={<Trans>Steps to the root</Trans>}>{proof.path.length}</KeyValue>
      <button type="button" className="btn btn--primary" onClick={() => void verify()} disabled={busy}>
        <Trans>Verify my balance</Trans>
      </button>
      {result && (
        <>
          <p className={result.ok ? "trust__result trust__result--ok" : "trust__result trust__result--bad"} role="status">
            {result.ok ? (
              <Trans>Verified: your balance of {formatAmount(proof.leaf.balance, proof.currency, { showCurrency: false })} {proof.currency} is counted in the published total.</Trans>
            ) : (
              <Trans>This proof does not match the published root.</Trans>
            )}
          </p>
          <ol className="trust__steps">
            {result.steps.map((step, i) => (
              <Step key={i} step={step} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Step({ step }: { step: VerifyStep }) {
  const mark = (ok: boolean) => (ok ? "✓" : "✗");
  switch (step.kind) {
    case "commitment":
      return (
        <li>
          <strong>
            {mark(step.ok)} <Trans>Your commitment (your user id and this snapshot's secret nonce)</Trans>
          </strong>
          <code className="trust__hash">sha256({step.input})</code>
          <code className="trust__hash">{step.hash}</code>
        </li>
      );
    case "leaf":
      return (
        <li>
          <strong>
            <Trans>Your leaf: balance {step.sum}</Trans>
          </strong>
          <code className="trust__hash">{step.hash}</code>
        </li>
      );
    case "node":
      return (
        <li>
          <strong>
            {mark(step.ok)}{" "}
            {step.side === "left" ? <Trans>Combined with the node on the left: sum {step.sum}</Trans> : <Trans>Combined with the node on the right: sum {step.sum}</Trans>}
          </strong>
          <code className="trust__hash">{step.hash}</code>
        </li>
      );
    case "root":
      return (
        <li>
          <strong>
            {mark(step.ok)} <Trans>Compared with the published root and total {step.total}</Trans>
          </strong>
          <code className="trust__hash">{step.root}</code>
        </li>
      );
  }
}

function Rules() {
  const { t } = useLingui();
  return (
    <section className="trust__rules" aria-label={t`Hashing rules`}>
      <h2 className="trust__title">
        <Trans>Hashing rules</Trans>
      </h2>
      <p className="faint">
        <Trans>Anyone can check a proof with their own code: SHA-256, hex in lower case, over UTF-8 text.</Trans>
      </p>
      <ul>
        <li>
          <code>{FORMULAS.commitment}</code>
        </li>
        <li>
          <code>{FORMULAS.leaf}</code>
          <span className="faint">
            <Trans>The balance is available plus frozen funds, written without trailing zeros (<code>12.5</code>, <code>0</code>).</Trans>
          </span>
        </li>
        <li>
          <code>{FORMULAS.node}</code>
          <span className="faint">
            <Trans>A node's sum is the sum of its two children; no sum may be negative.</Trans>
          </span>
        </li>
        <li>
          <code>{FORMULAS.empty}</code>
          <span className="faint">
            <Trans>A level with an odd number of nodes pairs its last node with this empty node. A single leaf is its own root. Only non-zero balances get a leaf.</Trans>
          </span>
        </li>
      </ul>
      <p className="faint">
        <Trans>Walk your path from your leaf: the side says where the sibling stands. The last hash must equal the root and the last sum the total.</Trans>
      </p>
    </section>
  );
}
