import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { EarnKind, EarnOrder, Product } from "@contract/earn";
import { useMyFeatures } from "@/shared/api/my-features";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { Fact, FactGrid } from "@/shared/ui/fact-grid";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { ProductUnavailable } from "@/shared/ui/product-unavailable";
import { useProducts } from "../api/products";
import { useOrderRecords } from "../api/records";
import "./earn.css";

/** Where a product page links: the subscription form of one product. */
export const detailHref = (kind: EarnKind, id: number) => `${paths.arbitrageDetail}?kind=${kind}&id=${id}`;

/** The rates as disclosed: the daily rate and the APR the server computed from it (daily x 365). */
export function Rates({ product }: { product: Pick<Product, "daily_rate" | "apr"> }) {
  return (
    <div className="earn-card__rates">
      <div>
        <strong className="up" data-testid="daily-rate">{formatRate(product.daily_rate)}</strong>
        <small>
          <Trans>Daily rate</Trans>
        </small>
      </div>
      <div>
        <strong data-testid="apr">{formatRate(product.apr)}</strong>
        <small>
          <Trans>APR (daily rate × 365)</Trans>
        </small>
      </div>
    </div>
  );
}

/** Who pays the return, what happens on early exit, and the risk: the product's numbers, not slogans. */
export function Disclosure({ product }: { product: Product }) {
  return (
    <>
      <p className="earn-note">
        <b>
          <Trans>Who pays the return:</Trans>
        </b>{" "}
        {product.funded_by}
      </p>
      {product.kind === "hosting" && (
        <p className="earn-note">
          <b>
            <Trans>Early exit:</Trans>
          </b>{" "}
          <Trans>you get back the principal minus {formatRate(product.early_exit_penalty_rate)} of it; income already paid is yours.</Trans>
        </p>
      )}
      <p className="earn-note">
        <b>
          <Trans>Risk:</Trans>
        </b>{" "}
        {product.risk_note}
      </p>
    </>
  );
}

export function ProductCard({ product: p, action = true }: { product: Product; action?: boolean }) {
  const { t } = useLingui();
  return (
    <article className="card earn-card" aria-label={p.name} data-testid={`product-${p.id}`}>
      <div className="earn-card__head">
        <span className="earn-card__name">{p.name}</span>
        <span className="faint">{p.currency}</span>
      </div>
      <Rates product={p} />
      <FactGrid>
        <Fact label={<Trans>Amount</Trans>}>
          {formatAmount(p.min)} - {formatAmount(p.max)}
        </Fact>
        <Fact label={<Trans>Term</Trans>}>{t`${plural(p.days, { one: "# day", other: "# days" })}`}</Fact>
        <Fact label={<Trans>Participants</Trans>}>
          <span data-testid="participants">{p.max_participants > 0 ? `${p.participants} / ${p.max_participants}` : p.participants}</span>
        </Fact>
        <Fact label={<Trans>Income paid</Trans>}>
          <Trans>daily at 00:00 UTC</Trans>
        </Fact>
      </FactGrid>
      <Disclosure product={p} />
      {action && (
        <Link href={detailHref(p.kind, p.id)} className="btn btn--primary" aria-label={t`Subscribe to ${p.name}`}>
          <Trans>Subscribe</Trans>
        </Link>
      )}
    </article>
  );
}

/** Whether the user's KYC country has earn products switched off (then the screens explain instead of offering). */
export function useEarnSwitchedOff(): boolean {
  const { data } = useMyFeatures();
  return data?.earn === false;
}

/** Shown instead of products and forms when the user's country has earn products switched off. */
export function EarnUnavailable() {
  return (
    <ProductUnavailable testId="earn-unavailable" title={<Trans>AI arbitrage and hosting are not available in your country</Trans>}>
      <Trans>Regulators in your country of residence restrict this product for retail clients, so it is switched off for your account. Your other products are not affected.</Trans>
    </ProductUnavailable>
  );
}

/** The open products of a kind. */
export function ProductList({ kind }: { kind: EarnKind }) {
  const { data } = useProducts(kind);
  const switchedOff = useEarnSwitchedOff();
  if (switchedOff) return <EarnUnavailable />;
  if (!data) return <Skeleton lines={4} />;
  if (!data.length) {
    return (
      <EmptyState icon="robot">
        <Trans>No products are open right now.</Trans>
      </EmptyState>
    );
  }
  return (
    <section>
      {data.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </section>
  );
}

/** One order with its figures and, on demand, its daily income records. */
export function OrderCard({ order: o, action }: { order: EarnOrder; action?: ReactNode }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const status =
    o.status === "running" ? t`In progress` : o.status === "pending" ? t`Pending review` : o.status === "failed" ? t`Failed` : o.end_reason === "early" ? t`Ended early` : t`Ended`;
  return (
    <article className="card earn-card" data-testid={`order-${o.id}`} aria-label={`${o.name} ${o.order_no}`}>
      <div className="earn-card__head">
        <span className="earn-card__name">{o.name}</span>
        <span className={o.status === "running" ? "up" : "faint"} data-testid="order-status">
          {status}
        </span>
      </div>
      <FactGrid>
        <Fact label={<Trans>Amount</Trans>}>{formatAmount(o.amount, o.currency)}</Fact>
        <Fact label={<Trans>Daily rate / APR</Trans>}>
          {formatRate(o.daily_rate)} / {formatRate(o.apr)}
        </Fact>
        <Fact label={<Trans>Daily income</Trans>}>{formatAmount(o.daily_income, o.currency)}</Fact>
        <Fact label={<Trans>Days paid</Trans>}>
          {o.paid_days} / {o.days}
        </Fact>
        <Fact label={<Trans>Total earnings</Trans>}>
          <span className="up" data-testid="income-total">{formatAmount(o.income_total, o.currency)}</span>
        </Fact>
        <Fact label={<Trans>Yesterday's earnings</Trans>}>{formatAmount(o.income_yesterday, o.currency)}</Fact>
        <Fact label={<Trans>Start time</Trans>}>{formatDateTime(o.started_at)}</Fact>
        <Fact label={<Trans>Expiry</Trans>}>{formatDateTime(o.ends_at)}</Fact>
        {o.penalty !== null && <Fact label={<Trans>Penalty</Trans>}>{formatAmount(o.penalty, o.currency)}</Fact>}
        {o.ended_at !== null && <Fact label={<Trans>End time</Trans>}>{formatDateTime(o.ended_at)}</Fact>}
        <Fact wide label={<Trans>Order number</Trans>}>{o.order_no}</Fact>
      </FactGrid>
      <div className="earn-links" style={{ margin: 0 }}>
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <Trans>Daily income</Trans>
        </button>
        {action}
      </div>
      {open && <OrderRecords orderId={o.id} currency={o.currency} />}
    </article>
  );
}

function OrderRecords({ orderId, currency }: { orderId: number; currency: string }) {
  const { data } = useOrderRecords(orderId);
  if (!data) return <Skeleton lines={2} />;
  if (!data.list.length) {
    return (
      <p className="earn-note faint">
        <Trans>No income yet: the first is paid at the next 00:00 UTC.</Trans>
      </p>
    );
  }
  return (
    <ul className="earn-records" data-testid="income-records">
      {data.list.map((r) => (
        <li key={r.id}>
          <span>{r.day}</span>
          <span className="up">{formatAmount(r.amount, currency, { signed: true })}</span>
        </li>
      ))}
    </ul>
  );
}
