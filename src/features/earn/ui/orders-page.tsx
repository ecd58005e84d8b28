import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import type { EarnKind, EarnOrder } from "@contract/earn";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatRate } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { KeyValue } from "@/shared/ui/key-value";
import { flatten, LoadMore } from "@/shared/ui/load-more";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { useHostingSum } from "../api/hosting-sum";
import { useEarnOrders, type OrderTab } from "../api/orders";
import { useIncomeRecords } from "../api/records";
import { terminate } from "../api/terminate";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { subtractDecimal } from "@/shared/lib/decimal";
import { OrderCard, ProductList } from "./parts";
import { Segments } from "@/shared/ui/segments";

/** `/pages/arbitrage/order`: my AI arbitrage orders, in progress and ended, each with its daily income. */
export function ArbitrageOrdersPage() {
  return (
    <Page title={<Trans>Arbitrage orders</Trans>} nav="custom">
      <Orders kind="arbitrage" />
    </Page>
  );
}

/** `/pages/hosting/order`: hosting totals, the hosting products, my hosting orders with the early exit. */
export function HostingPage() {
  const { t } = useLingui();
  const [view, setView] = useState<"orders" | "income" | "products">("orders");
  return (
    <Page title={<Trans>Hosting</Trans>} nav="custom">
      <HostingTotals />
      <Segments
        as="tabs"
        style={{ margin: "12px 0" }}
        value={view}
        onChange={setView}
        segments={[
          { value: "orders", label: t`My hosting` },
          { value: "income", label: t`Daily income` },
          { value: "products", label: t`Products` },
        ]}
      />
      {view === "orders" ? <Orders kind="hosting" /> : view === "income" ? <IncomeList kind="hosting" /> : <ProductList kind="hosting" />}
    </Page>
  );
}

/** Every daily income of a kind's orders, newest first: the day earned, the order, the amount. */
function IncomeList({ kind }: { kind: EarnKind }) {
  const { t } = useLingui();
  const { data, size, setSize, isValidating } = useIncomeRecords(kind);
  const { items, hasMore } = flatten(data);
  if (!data) return <Skeleton lines={4} />;
  if (!items.length) {
    return (
      <EmptyState icon="robot">
        <Trans>No income yet: the first is paid at the next 00:00 UTC.</Trans>
      </EmptyState>
    );
  }
  return (
    <section className="card" aria-label={t`Daily income`}>
      <ul className="earn-records" data-testid="income-list">
        {items.map((r) => (
          <li key={r.id}>
            <span>
              {r.day} <small className="faint">{r.order_no}</small>
            </span>
            <span className="up">{formatAmount(r.amount, r.currency, { signed: true })}</span>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loading={isValidating && size > 1} onMore={() => void setSize(size + 1)} />
    </section>
  );
}

function HostingTotals() {
  const { data } = useHostingSum();
  if (!data) return <Skeleton lines={2} />;
  return (
    <section className="card earn-totals" data-testid="hosting-totals">
      <div>
        <strong data-testid="hosted">{formatAmount(data.hosted)}</strong>
        <small>
          <Trans>Hosted ({data.currency})</Trans>
        </small>
      </div>
      <div>
        <strong className="up">{formatAmount(data.total_income)}</strong>
        <small>
          <Trans>Total earnings</Trans>
        </small>
      </div>
      <div>
        <strong className="up">{formatAmount(data.yesterday_income)}</strong>
        <small>
          <Trans>Yesterday's earnings</Trans>
        </small>
      </div>
    </section>
  );
}

function Orders({ kind }: { kind: EarnKind }) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<OrderTab>("running");
  const { data, size, setSize, isValidating } = useEarnOrders(kind, tab);
  const [ending, setEnding] = useState<EarnOrder | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const end = useAction(async (id: number) => {
    await terminate(id, key);
    showToast(i18n._(successes.CONTRACT_BREAK.key), "success");
    setKey(newIdempotencyKey());
    setEnding(null);
  });
  const { items, hasMore } = flatten(data);
  return (
    <>
      <Segments
        as="tabs"
        style={{ marginBottom: 12 }}
        value={tab}
        onChange={setTab}
        segments={[
          { value: "running", label: t`In progress` },
          { value: "ended", label: t`Ended` },
        ]}
      />
      {!data ? (
        <Skeleton lines={5} />
      ) : items.length === 0 ? (
        <EmptyState icon="robot">
          <p style={{ margin: "0 0 12px" }}>{tab === "running" ? <Trans>No orders in progress.</Trans> : <Trans>No ended orders.</Trans>}</p>
          {tab === "running" && (
            <Link href={kind === "arbitrage" ? paths.arbitrage : paths.hostingOrders} className="btn btn--primary btn--small">
              <Trans>See products</Trans>
            </Link>
          )}
        </EmptyState>
      ) : (
        <section aria-label={tab === "running" ? t`Orders in progress` : t`Ended orders`}>
          {items.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              action={
                o.kind === "hosting" && o.status === "running" ? (
                  <button type="button" className="btn btn--danger btn--small" onClick={() => setEnding(o)}>
                    <Trans>Terminate</Trans>
                  </button>
                ) : undefined
              }
            />
          ))}
          <LoadMore hasMore={hasMore} loading={isValidating && size > 1} onMore={() => void setSize(size + 1)} />
        </section>
      )}
      <ConfirmModal
        open={ending !== null}
        title={<Trans>End this hosting early?</Trans>}
        confirm={<Trans>Terminate</Trans>}
        danger
        busy={end.pending}
        onConfirm={() => ending && void end.run(ending.id)}
        onClose={() => setEnding(null)}
      >
        {ending && (
          <>
            <KeyValue label={<Trans>Principal</Trans>}>{formatAmount(ending.amount, ending.currency)}</KeyValue>
            <KeyValue label={<Trans>Penalty ({formatRate(ending.early_exit_penalty_rate)})</Trans>}>
              <span className="down" data-testid="terminate-penalty">
                {formatAmount(subtract(ending.amount, ending.early_exit_return), ending.currency)}
              </span>
            </KeyValue>
            <KeyValue label={<Trans>Returns to your wallet</Trans>}>
              <strong data-testid="terminate-return">{formatAmount(ending.early_exit_return, ending.currency)}</strong>
            </KeyValue>
            <KeyValue label={<Trans>Income already paid (kept)</Trans>}>{formatAmount(ending.income_total, ending.currency)}</KeyValue>
            <p className="earn-note faint">
              <Trans>No more income is paid for this order after it ends.</Trans>
            </p>
          </>
        )}
      </ConfirmModal>
    </>
  );
}

const subtract = (a: string, b: string | null) => (b === null ? "0" : subtractDecimal(a, b));
