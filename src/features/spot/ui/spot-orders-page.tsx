import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { successes } from "@contract/successes";
import type { SpotOrder } from "@contract/spot";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatQuantity, formatRate, formatTickTime } from "@/shared/i18n/format";
import { subtractDecimal, sumDecimals } from "@/shared/lib/decimal";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { flatten, LoadMore } from "@/shared/ui/load-more";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { cancelSpotOrder } from "../api/cancel";
import { useSpotOrders, type SpotListStatus } from "../api/orders";
import { formatPrice } from "@/shared/market/format";
import { sideLabels, statusLabels, statusTone, typeLabels } from "../model/labels";
import "./spot.css";
import { TickLink, unbrokenTime } from "@/shared/ui/tick-link";
import { Segments } from "@/shared/ui/segments";

/**
 * `/pages/order/trade`: my spot orders. Open ones ("in transaction") with what they hold and a cancel that asks
 * first; done ones (completed or cancelled) with the fill's price, amount, fee and the recorded tick it used.
 */
export function SpotOrdersPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<SpotListStatus>("open");
  return (
    <Page
      title={<Trans>Spot orders</Trans>}
      nav="default"
      back={false}
      tabs
      navRight={
        <Link href={paths.spotAccount} className="icon-btn" aria-label={t`Spot account`}>
          <Icon name="wallet" />
        </Link>
      }
    >
      <Segments
        as="tabs"
        label={t`Orders`}
        value={tab}
        onChange={setTab}
        segments={[
          { value: "open", label: <Trans>Open orders</Trans> },
          { value: "done", label: <Trans>Order history</Trans> },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <OrderList key={tab} status={tab} />
      </div>
      <Link href={`${paths.spotTrade}?symbol=BTC/USDT`} className="btn btn--primary" style={{ marginTop: 16 }}>
        <Trans>Trade spot</Trans>
      </Link>
    </Page>
  );
}

function OrderList({ status }: { status: SpotListStatus }) {
  const { data, error, size, setSize, isValidating, mutate } = useSpotOrders(status);
  const { items, hasMore } = flatten(data);
  if (!data) return error ? <EmptyState icon="list"><Trans>Orders could not be loaded.</Trans></EmptyState> : <Skeleton lines={6} />;
  if (items.length === 0) {
    return <EmptyState icon="list">{status === "open" ? <Trans>No open orders.</Trans> : <Trans>No orders yet.</Trans>}</EmptyState>;
  }
  return (
    <>
      {pairUp(items).map((order) => (
        <OrderCard key={order.id} order={order} onChanged={() => void mutate()} />
      ))}
      <LoadMore hasMore={hasMore} loading={isValidating} onMore={() => void setSize(size + 1)} />
    </>
  );
}

/** The list as it comes (newest first), with an OCO's two legs side by side where its first leg stands. */
function pairUp(orders: readonly SpotOrder[]): SpotOrder[] {
  const out: SpotOrder[] = [];
  const placed = new Set<number>();
  for (const order of orders) {
    if (placed.has(order.id)) continue;
    const legs = order.oco_id === null ? [order] : orders.filter((o) => o.oco_id === order.oco_id).sort((a, b) => a.id - b.id);
    for (const leg of legs) {
      placed.add(leg.id);
      out.push(leg);
    }
  }
  return out;
}

function OrderCard({ order, onChanged }: { order: SpotOrder; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const precision = decimalsOf(order.price ?? order.stop_price ?? order.filled_price);
  const live = order.status === "open" || order.status === "waiting";
  const cancel = useAction(async () => {
    await cancelSpotOrder(order.id);
    setAsking(false);
    showToast(i18n._(successes.ORDER_CANCELLED.key), "success");
    onChanged();
  });
  const buy = order.side === "buy";
  return (
    <article className={`spot-order${order.oco_id !== null ? " spot-order--oco" : ""}`} data-testid="spot-order" data-oco={order.oco_id ?? undefined} aria-label={`${order.symbol} #${order.id}`}>
      <div className="spot-order__head">
        <span className="spot-order__symbol">{order.symbol}</span>
        <span className={`badge ${buy ? "badge--up" : "badge--danger"}`}>{i18n._(sideLabels[order.side])}</span>
        <span className="badge">{i18n._(typeLabels[order.type])}</span>
        {order.oco_id !== null && (
          <span className="badge badge--oco" data-testid="spot-oco-badge" title={t`One cancels the other: when this pair's one leg fills or triggers, the other is cancelled.`}>
            <Trans>OCO #{order.oco_id}</Trans>
          </span>
        )}
        <span className={`badge ${statusTone[order.status]}`} data-testid="spot-order-status">
          {i18n._(statusLabels[order.status])}
        </span>
      </div>
      <dl className="spot-order__grid">
        <div>
          <dt>
            <Trans>Quantity</Trans>
          </dt>
          <dd>
            {formatQuantity(order.quantity)} {order.base}
          </dd>
        </div>
        <div>
          <dt>{order.type === "limit" || order.type === "stop_limit" ? <Trans>Limit price</Trans> : <Trans>Price</Trans>}</dt>
          <dd>{order.price ? formatPrice(order.price, precision) : <Trans context="order type">Market</Trans>}</dd>
        </div>
        {order.stop_price && (
          <div>
            <dt>
              <Trans>Stop price</Trans>
            </dt>
            <dd>{formatPrice(order.stop_price, precision)}</dd>
          </div>
        )}
        {order.trailing_rate && (
          <div>
            <dt>
              <Trans>Trailing distance</Trans>
            </dt>
            <dd>{formatRate(order.trailing_rate)}</dd>
          </div>
        )}
        {order.status === "waiting" && order.trigger_price && (
          <div>
            <dt>
              <Trans>Triggers at</Trans>
            </dt>
            <dd data-testid="spot-trigger-price">
              {order.side === "buy" ? <Trans>ask ≥ {formatPrice(order.trigger_price, precision)}</Trans> : <Trans>bid ≤ {formatPrice(order.trigger_price, precision)}</Trans>}
            </dd>
          </div>
        )}
        {order.triggered_tick && (
          <div className="wide">
            <dt>
              <Trans>Triggered by the tick</Trans>
            </dt>
            <dd data-testid="spot-triggered-tick">
              <TickLink symbol={order.symbol} tick={order.triggered_tick}>
                {formatPrice(order.triggered_tick.price, precision)} · {unbrokenTime(formatTickTime(order.triggered_tick.at_ms))}
              </TickLink>
            </dd>
          </div>
        )}
        {live && (
          <div className="wide">
            <dt>
              <Trans>Frozen</Trans>
            </dt>
            <dd>
              {order.side === "buy" ? formatAmount(order.held, order.quote) : `${formatQuantity(order.held)} ${order.base}`}
            </dd>
          </div>
        )}
        {order.status === "filled" && (
          <>
            <div>
              <dt>
                <Trans>Filled at</Trans>
              </dt>
              <dd data-testid="spot-filled-price">{formatPrice(order.filled_price, precision)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>
                {formatAmount(order.amount, order.quote)}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Fee</Trans>
              </dt>
              <dd>
                {formatAmount(order.fee, order.fee_currency)}
              </dd>
            </div>
            <div>
              <dt>{buy ? <Trans>You paid</Trans> : <Trans>You received</Trans>}</dt>
              <dd>
                {formatAmount(buy ? addDecimal(order.amount, order.fee) : subDecimal(order.amount, order.fee), order.quote)}
              </dd>
            </div>
            {order.tick && (
              <div className="wide">
                <dt>
                  <Trans>Market tick</Trans>
                </dt>
                <dd data-testid="spot-tick">
                  <TickLink symbol={order.symbol} tick={order.tick}>
                    {formatPrice(order.tick.price, precision)} · {unbrokenTime(formatTickTime(order.tick.at_ms))}
                  </TickLink>
                </dd>
              </div>
            )}
          </>
        )}
        <div className="wide">
          <dt>
            <Trans>Placed</Trans>
          </dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        {order.status === "cancelled" && (
          <div className="wide">
            <dt>
              <Trans>Cancelled</Trans>
            </dt>
            <dd>{formatDateTime(order.cancelled_at)}</dd>
          </div>
        )}
      </dl>
      {live && (
        <div className="spot-order__actions">
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking(true)}>
            <Trans>Cancel order</Trans>
          </button>
        </div>
      )}
      <ConfirmModal open={asking} title={<Trans>Cancel this order?</Trans>} confirm={<Trans>Cancel order</Trans>} cancel={<Trans>Keep it</Trans>} danger busy={cancel.pending} onConfirm={() => void cancel.run()} onClose={() => setAsking(false)}>
        <p>
          {order.oco_id !== null ? (
            <Trans>Both legs of this OCO ({formatQuantity(order.quantity)} {order.base}) are cancelled and their one hold returns to your available balance.</Trans>
          ) : order.status === "waiting" ? (
            <Trans>
              Your stop order of {formatQuantity(order.quantity)} {order.base} is cancelled before it triggers and its frozen funds return to your available balance.
            </Trans>
          ) : buy ? (
            <Trans>
              Your limit buy of {formatQuantity(order.quantity)} {order.base} at {formatPrice(order.price, precision)} is cancelled and {formatAmount(order.held, order.quote, { showCurrency: false })} {order.quote} return to your available balance.
            </Trans>
          ) : (
            <Trans>
              Your limit sell of {formatQuantity(order.quantity)} {order.base} at {formatPrice(order.price, precision)} is cancelled and the coins return to your available balance.
            </Trans>
          )}
        </p>
      </ConfirmModal>
    </article>
  );
}

const decimalsOf = (value: string | null): number => {
  if (!value) return 2;
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
};

const addDecimal = (a: string | null, b: string | null) => (a && b ? sumDecimals([a, b]) : a);
const subDecimal = (a: string | null, b: string | null) => (a && b ? subtractDecimal(a, b) : a);
