import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { successes } from "@contract/successes";
import type { MarketKind } from "@contract/market";
import type { Position } from "@contract/positions";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime, formatPercent, formatQuantity, formatRate, formatTickTime } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { LoadMore } from "@/shared/ui/load-more";
import { ConfirmModal } from "@/shared/ui/modal";
import { Page } from "@/shared/ui/page";
import { cancelOrder } from "../api/cancel-order";
import { closeAll } from "../api/close-all";
import { closePosition } from "../api/close-position";
import { refreshMyTrades, useClosedTrades, useMyTrades, type MyTrades } from "../api/my-trades";
import { useQuotes } from "@/shared/market/quotations";
import { formatPrice } from "@/shared/market/format";
import { reasonLabels } from "../model/labels";
import { liveAccount, livePosition, mergeAccounts, nearLiquidation, totalPnl, type LiveFigures } from "../model/live";
import type { Quote } from "../model/ticket";
import { signOf } from "@/shared/lib/decimal";
import { DirectionBadge, inUsdt, Pnl, StatusBadge } from "./parts";
import { StopsSheet } from "./stops-sheet";
import { TickLink, unbrokenTime } from "@/shared/ui/tick-link";
import "./positions.css";
import { Segments } from "@/shared/ui/segments";

type Tab = "open" | "pending" | "closed";

/** `/pages/order/contract`: crypto positions. */
export function ContractOrdersPage() {
  return <PositionsPage title={msg`Contract orders`} kinds={["crypto"]} tradeHref={paths.strategy} />;
}

/** `/pages/whdetail/order`: forex and metal positions. */
export function ForexOrdersPage() {
  return <PositionsPage title={msg`Forex orders`} kinds={["forex", "metal"]} tradeHref={`${paths.forexDetail}?symbol=EUR/USD`} />;
}

/** Precision of a pair's prices, from the quotes (the positions carry prices already on that grid). */
const precisionIn = (quotes: { symbol: string; price_precision: number }[] | undefined, symbol: string) => quotes?.find((q) => q.symbol === symbol)?.price_precision ?? 2;

function PositionsPage({ title, kinds, tradeHref }: { title: MessageDescriptor; kinds: MarketKind[]; tradeHref: string }) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<Tab>("open");
  // A list not on show hears no socket messages: coming back to it fetches again, even within SWR's deduping
  // interval (a position opened elsewhere while History was shown would otherwise stay missing).
  const choose = (next: Tab) => {
    if (next !== tab) void refreshMyTrades();
    setTab(next);
  };
  const tabs: [Tab, string][] = [
    ["open", t`Positions`],
    ["pending", t`Pending`],
    ["closed", t`History`],
  ];
  return (
    <Page title={i18n._(title)} nav="custom">
      <Segments as="tabs" style={{ marginBottom: 12 }} value={tab} onChange={choose} segments={tabs.map(([value, label]) => ({ value, label }))} />
      {tab === "open" && <OpenPositions kinds={kinds} tradeHref={tradeHref} />}
      {tab === "pending" && <PendingOrders kinds={kinds} />}
      {tab === "closed" && <ClosedPositions kinds={kinds} />}
    </Page>
  );
}

/** One list of up to two kinds (forex and metals share a page), merged newest first. */
function useLists(status: "open" | "pending", kinds: MarketKind[]) {
  const first = useMyTrades(status, kinds[0]);
  const second = useMyTrades(status, kinds[1] ?? null);
  const answers = [first.data, second.data].filter((d): d is MyTrades => d !== undefined);
  const ready = first.data !== undefined && (kinds.length < 2 || second.data !== undefined);
  const list = answers.flatMap((a) => a.list).sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return { ready, list, account: mergeAccounts(answers.map((a) => a.account)), error: first.error ?? second.error };
}

const quoteOf = (quotes: { symbol: string; bid: string; ask: string; last: string }[] | undefined, symbol: string): Quote | undefined => {
  const q = quotes?.find((item) => item.symbol === symbol);
  return q ? { bid: q.bid, ask: q.ask, last: q.last } : undefined;
};

function OpenPositions({ kinds, tradeHref }: { kinds: MarketKind[]; tradeHref: string }) {
  const { t, i18n } = useLingui();
  const { ready, list, account } = useLists("open", kinds);
  const quotes = useQuotes(list.map((p) => p.symbol));
  const [editing, setEditing] = useState<Position | null>(null);
  const [closing, setClosing] = useState<Position | null>(null);
  const [closingAll, setClosingAll] = useState(false);
  const live = list.map((p) => livePosition(p, quoteOf(quotes.data, p.symbol)));
  const open = list.filter((p) => p.status === "open");
  const openLive = live.filter((_, i) => list[i].status === "open");
  const close = useAction(async (id: number) => {
    await closePosition(id);
    showToast(i18n._(successes.POSITION_CLOSED.key), "success");
    setClosing(null);
  });
  const closeEverything = useAction(async () => {
    for (const kind of kinds) await closeAll({ kind });
    showToast(i18n._(successes.POSITION_CLOSED.key), "success");
    setClosingAll(false);
  });

  if (!ready) return <Skeleton lines={6} />;
  const summary = account ? liveAccount(account, list, live) : null;
  const closingLive = closing ? live[list.indexOf(closing)] : null;
  return (
    <>
      {summary && <AccountSummary account={summary} />}
      <div className="list-head">
        <span>
          <Trans>{list.length} open</Trans>
        </span>
        {open.length > 0 && (
          <button type="button" className="btn btn--danger btn--small" onClick={() => setClosingAll(true)}>
            <Trans>Close all</Trans>
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <EmptyState icon="trade">
          <p style={{ margin: "0 0 12px" }}>
            <Trans>No open positions.</Trans>
          </p>
          <Link href={tradeHref} className="btn btn--primary btn--small">
            <Trans>Trade</Trans>
          </Link>
        </EmptyState>
      ) : (
        <section aria-label={t`Open positions`}>
          {list.map((p, i) => (
            <OpenCard key={p.id} position={p} live={live[i]} precision={precisionIn(quotes.data, p.symbol)} onEdit={() => setEditing(p)} onClose={() => setClosing(p)} />
          ))}
        </section>
      )}

      {editing && <StopsSheet position={editing} last={quoteOf(quotes.data, editing.symbol)?.last ?? editing.mark_price} precision={precisionIn(quotes.data, editing.symbol)} onClose={() => setEditing(null)} />}
      <ConfirmModal
        open={closing !== null}
        title={<Trans>Close this position?</Trans>}
        confirm={<Trans>Close position</Trans>}
        danger
        busy={close.pending}
        onConfirm={() => closing && void close.run(closing.id)}
        onClose={() => setClosing(null)}
      >
        {closing && closingLive && (
          <Trans>
            {closing.symbol}, {formatQuantity(closing.quantity)} at about {formatPrice(closingLive.mark, precisionIn(quotes.data, closing.symbol))}. P&L now:{" "}
            <Pnl value={closingLive.pnl} currency="USDT" testId="close-pnl" />
          </Trans>
        )}
      </ConfirmModal>
      <ConfirmModal
        open={closingAll}
        title={<Trans>Close all positions?</Trans>}
        confirm={<Trans>Close all</Trans>}
        danger
        busy={closeEverything.pending}
        onConfirm={() => void closeEverything.run()}
        onClose={() => setClosingAll(false)}
      >
        <Trans>
          <Plural value={open.length} one="# position closes at the current price." other="# positions close at the current prices." /> P&L realised, about: <Pnl value={totalPnl(openLive)} currency="USDT" testId="close-all-pnl" />
        </Trans>
      </ConfirmModal>
    </>
  );
}

function AccountSummary({ account }: { account: NonNullable<ReturnType<typeof mergeAccounts>> }) {
  const { t } = useLingui();
  const items: [string, ReactNode][] = [
    // Two by two as they add up: balance + unrealised P&L = equity; equity = margin + free margin.
    [t`Balance`, inUsdt(account.balance)],
    [t`Unrealised P&L`, <Pnl key="pnl" value={account.unrealised_pnl} testId="account-pnl" />],
    [t`Equity`, inUsdt(account.equity)],
    [t`Margin`, inUsdt(account.margin)],
    [t`Free margin`, inUsdt(account.free_margin)],
    [t`Margin level`, formatPercent(account.margin_level, 2, false)],
  ];
  return (
    <section className="account" aria-labelledby="account-title">
      <h2 className="account__title" id="account-title">
        <Trans>Account (USDT)</Trans>
      </h2>
      <div className="account__grid">
        {items.map(([label, value]) => (
          <div key={label}>
            <small>{label}</small>
            <strong>{value}</strong>
          </div>
        ))}
      </div>
    </section>
  );
}

function Fact({ label, children, wide = false }: { label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "wide" : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OpenCard({ position: p, live, precision, onEdit, onClose }: { position: Position; live: LiveFigures; precision: number; onEdit: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const warn = nearLiquidation(live.margin_level);
  const price = (v: string | null) => formatPrice(v, precision);
  return (
    <article className={`position${warn ? " position--warn" : ""}`} data-testid={`position-${p.id}`} aria-label={`${p.symbol} #${p.id}`}>
      <div className="position__head">
        <span className="position__symbol">{p.symbol}</span>
        <DirectionBadge position={p} />
        <StatusBadge status={p.status} />
      </div>
      <dl className="position__grid">
        <Fact label={<Trans>P&L (USDT)</Trans>}>
          <Pnl value={live.pnl} testId="position-pnl" />
        </Fact>
        <Fact label={<Trans>ROE</Trans>}>
          <span className={`num ${signOf(live.roe) > 0 ? "up" : signOf(live.roe) < 0 ? "down" : ""}`} data-testid="position-roe">
            {formatPercent(live.roe)}
          </span>
        </Fact>
        <Fact label={<Trans>Margin level</Trans>}>
          <span className={warn ? "down" : undefined} data-testid="position-level">
            {formatPercent(live.margin_level, 2, false)}
          </span>
        </Fact>
        <Fact label={<Trans>Open price</Trans>}>
          {price(p.open_price)}
          {p.open_tick && <TickLine symbol={p.symbol} tick={p.open_tick} precision={precision} />}
        </Fact>
        <Fact label={<Trans>Mark price</Trans>}>
          <span data-testid="position-mark">{price(live.mark)}</span>
        </Fact>
        <Fact label={<Trans>Quantity</Trans>}>{formatQuantity(p.quantity)}</Fact>
        <Fact label={<Trans>Margin</Trans>}>{inUsdt(p.margin)}</Fact>
        <Fact label={<Trans>Liq. price</Trans>}>
          <span className="down">{price(p.liquidation_price)}</span>
        </Fact>
        <Fact label={<Trans>TP / SL</Trans>}>
          <span data-testid="position-stops">
            {p.tp_price ? price(p.tp_price) : "-"} / {live.sl ? price(live.sl) : "-"}
          </span>
          {p.sl_trail_rate && (
            <small className="faint" data-testid="position-trail" style={{ display: "block" }}>
              <Trans>Trailing {formatRate(p.sl_trail_rate, 1)}</Trans>
            </small>
          )}
        </Fact>
        {p.kind !== "crypto" && <Fact label={<Trans>Swap</Trans>}>{inUsdt(p.swap)}</Fact>}
        <Fact label={<Trans>Opened</Trans>}>{formatDateTime(p.opened_at)}</Fact>
      </dl>
      {warn && (
        <p className="field__error" style={{ margin: "8px 0 0" }}>
          <Trans>Close to liquidation.</Trans>
        </p>
      )}
      {p.status === "open" && (
        <div className="position__actions">
          <button type="button" className="btn btn--ghost btn--small" onClick={onEdit} aria-label={t`Edit TP/SL of ${p.symbol}`}>
            <Icon name="settings" size={16} />
            <Trans>TP/SL</Trans>
          </button>
          <button type="button" className="btn btn--danger btn--small" onClick={onClose} aria-label={t`Close ${p.symbol} position`}>
            <Trans>Close</Trans>
          </button>
        </div>
      )}
    </article>
  );
}

function PendingOrders({ kinds }: { kinds: MarketKind[] }) {
  const { t, i18n } = useLingui();
  const { ready, list } = useLists("pending", kinds);
  const quotes = useQuotes([]);
  const [cancelling, setCancelling] = useState<Position | null>(null);
  const cancel = useAction(async (id: number) => {
    await cancelOrder(id);
    showToast(i18n._(successes.CANCEL.key), "success");
    setCancelling(null);
  });
  if (!ready) return <Skeleton lines={5} />;
  if (list.length === 0) {
    return (
      <EmptyState icon="record">
        <Trans>No pending orders.</Trans>
      </EmptyState>
    );
  }
  return (
    <section aria-label={t`Pending orders`}>
      {list.map((p) => {
        const price = (v: string | null) => formatPrice(v, precisionIn(quotes.data, p.symbol));
        return (
          <article key={p.id} className="position" data-testid={`order-${p.id}`}>
            <div className="position__head">
              <span className="position__symbol">{p.symbol}</span>
              <DirectionBadge position={p} />
              <StatusBadge status={p.status} />
            </div>
            <dl className="position__grid">
              {p.type === "stop" ? <Fact label={<Trans>Stop price</Trans>}>{price(p.stop_price)}</Fact> : <Fact label={<Trans>Limit price</Trans>}>{price(p.price)}</Fact>}
              <Fact label={<Trans>Quantity</Trans>}>{formatQuantity(p.quantity)}</Fact>
              <Fact label={<Trans>Margin held</Trans>}>{inUsdt(p.margin)}</Fact>
              <Fact label={<Trans>Fee held</Trans>}>{inUsdt(p.open_fee)}</Fact>
              <Fact label={<Trans>TP / SL</Trans>}>
                {p.tp_price ? price(p.tp_price) : "-"} / {p.sl_price ? price(p.sl_price) : "-"}
              </Fact>
              <Fact label={<Trans>Placed</Trans>}>{formatDateTime(p.created_at)}</Fact>
            </dl>
            <div className="position__actions">
              <button type="button" className="btn btn--danger btn--small" onClick={() => setCancelling(p)}>
                <Trans>Cancel order</Trans>
              </button>
            </div>
          </article>
        );
      })}
      <ConfirmModal
        open={cancelling !== null}
        title={<Trans>Cancel this order?</Trans>}
        confirm={<Trans>Cancel order</Trans>}
        cancel={<Trans>Keep it</Trans>}
        danger
        busy={cancel.pending}
        onConfirm={() => cancelling && void cancel.run(cancelling.id)}
        onClose={() => setCancelling(null)}
      >
        {cancelling && <Trans>The margin and fee held for it return to your wallet.</Trans>}
      </ConfirmModal>
    </section>
  );
}

function ClosedPositions({ kinds }: { kinds: MarketKind[] }) {
  const { t, i18n } = useLingui();
  const first = useClosedTrades(kinds[0]);
  const second = useClosedTrades(kinds[1] ?? null);
  const quotes = useQuotes([]);
  const sources = kinds.length > 1 ? [first, second] : [first];
  if (sources.some((s) => !s.data)) return <Skeleton lines={5} />;
  const pages = sources.map((s) => s.data ?? []);
  const items = pages.flatMap((p) => p.flatMap((page) => page.list)).sort((a, b) => (b.closed_at ?? b.created_at) - (a.closed_at ?? a.created_at) || b.id - a.id);
  const more = sources.filter((s, i) => {
    const loaded = pages[i].reduce((n, page) => n + page.list.length, 0);
    return loaded < (pages[i].at(-1)?.total ?? 0);
  });
  if (items.length === 0) {
    return (
      <EmptyState icon="record">
        <Trans>No closed positions yet.</Trans>
      </EmptyState>
    );
  }
  return (
    <section aria-label={t`Closed positions`}>
      {items.map((p) => {
        const price = (v: string | null) => formatPrice(v, precisionIn(quotes.data, p.symbol));
        const fees = inUsdt(addFees(p.open_fee, p.close_fee));
        return (
          <article key={p.id} className="position" data-testid={`closed-${p.id}`}>
            <div className="position__head">
              <span className="position__symbol">{p.symbol}</span>
              <DirectionBadge position={p} />
              {p.close_reason ? <span className="badge">{i18n._(reasonLabels[p.close_reason])}</span> : <StatusBadge status={p.status} />}
            </div>
            <dl className="position__grid">
              <Fact label={<Trans>P&L (USDT)</Trans>}>
                <Pnl value={p.pnl} />
              </Fact>
              <Fact label={<Trans>Payout</Trans>}>{p.payout ? inUsdt(p.payout) : "-"}</Fact>
              <Fact label={<Trans>Open price</Trans>}>
                {price(p.open_price)}
                {p.open_tick && <TickLine symbol={p.symbol} tick={p.open_tick} precision={precisionIn(quotes.data, p.symbol)} />}
              </Fact>
              <Fact label={<Trans>Close price</Trans>}>
                {price(p.close_price)}
                {p.close_tick && <TickLine symbol={p.symbol} tick={p.close_tick} precision={precisionIn(quotes.data, p.symbol)} />}
              </Fact>
              <Fact label={<Trans>Quantity</Trans>}>{formatQuantity(p.quantity)}</Fact>
              <Fact label={<Trans>Fees</Trans>}>{fees}</Fact>
              {p.kind !== "crypto" && <Fact label={<Trans>Swap</Trans>}>{inUsdt(p.swap)}</Fact>}
              <Fact label={<Trans>Closed</Trans>}>{formatDateTime(p.closed_at)}</Fact>
            </dl>
          </article>
        );
      })}
      <LoadMore hasMore={more.length > 0} loading={sources.some((s) => s.isValidating && (s.data?.length ?? 0) < s.size)} onMore={() => more.forEach((s) => void s.setSize(s.size + 1))} />
    </section>
  );
}

/** The recorded tick a fill or a close used: its price and its own time, a link to the chart at that moment. */
function TickLine({ symbol, tick, precision }: { symbol: string; tick: { price: string; at_ms: number }; precision: number }) {
  return (
    <span className="position__tick" data-testid="tick">
      <TickLink symbol={symbol} tick={tick}>
        <Trans>
          tick {formatPrice(tick.price, precision)} · {unbrokenTime(formatTickTime(tick.at_ms))}
        </Trans>
      </TickLink>
    </span>
  );
}

function addFees(a: string, b: string): string {
  return totalPnl([{ pnl: a }, { pnl: b }]);
}

/** A trailing rate (a fraction) in percent. */
