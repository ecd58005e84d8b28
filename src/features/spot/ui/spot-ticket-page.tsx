import { useState, type ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { errors } from "@contract/messages";
import { successes } from "@contract/successes";
import type { SpotSide, SpotTicket } from "@contract/spot";
import { useAction } from "@/shared/api/use-action";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { KeyValue } from "@/shared/ui/key-value";
import { LimitPriceField, OrderTypeSwitch, QuantityField, TicketPreview } from "@/shared/ui/order-ticket";
import { Page } from "@/shared/ui/page";
import { UpcomingTerms } from "@/shared/ui/upcoming-terms";
import { MarketDepth } from "@/shared/market/order-book";
import { useSpotTicket } from "../api/ticket";
import { placeSpotOrder } from "../api/trade";
import { placeSpotOco } from "../api/oco";
import { DisabledReason } from "@/shared/ui/field";
import { formatPrice } from "@/shared/market/format";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { formatAmount, formatQuantity, formatRate, formatTickTime } from "@/shared/i18n/format";
import { limitPriceError, ocoError, percentForQuantity, percentToRate, previewOrder, priceError, quantityError, quantityForPercent, stopError, trailError, trailLevelNow, type TicketType } from "../model/ticket";
import "./spot.css";
import { Segments } from "@/shared/ui/segments";

const MARKS = [25, 50, 75, 100];
const TYPES: readonly TicketType[] = ["market", "limit", "stop_market", "stop_limit", "trailing_stop", "oco"];

/**
 * `/pages/spot/trade?symbol=BTC/USDT`: the spot ticket. Buy or sell, market or limit, the quantity typed or taken as
 * a share of the balance, and before submit the price it fills at, the amount, the fee and the total, against the
 * live bid and ask (the quote around the pair's last recorded tick, which is what a market order fills at).
 */
export function SpotTicketPage({ headerAction }: { headerAction?: (pair: { symbol: string; last?: string }) => ReactNode } = {}) {
  const { t } = useLingui();
  const search = new URLSearchParams(useSearch());
  const symbol = (search.get("symbol") ?? "BTC/USDT").toUpperCase().replace(/[-_]/g, "/");
  const side: SpotSide = search.get("side") === "sell" ? "sell" : "buy";
  const { data: ticket, error } = useSpotTicket(symbol);
  return (
    <Page
      title={<Trans>Spot {symbol}</Trans>}
      nav="custom"
      navRight={
        <>
          {headerAction?.({ symbol, last: ticket?.last ?? undefined })}
          <Link href={paths.orderTrade} className="icon-btn" aria-label={t`My spot orders`}>
            <Icon name="record" />
          </Link>
        </>
      }
    >
      {ticket ? (
        <TicketForm key={symbol} ticket={ticket} initialSide={side} />
      ) : error ? (
        <EmptyState icon="chart">
          <Trans>This trading pair cannot be traded on spot.</Trans>
        </EmptyState>
      ) : (
        <Skeleton lines={8} />
      )}
    </Page>
  );
}

function TicketForm({ ticket, initialSide }: { ticket: SpotTicket; initialSide: SpotSide }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [side, setSide] = useState<SpotSide>(initialSide);
  const [type, setType] = useState<TicketType>("market");
  const [quantity, setQuantity] = useState("");
  const [price, setPrice] = useState("");
  const [stop, setStop] = useState("");
  const [trailPercent, setTrailPercent] = useState("1");
  const [stopLimit, setStopLimit] = useState("");
  // The slider's own choice while the quantity is the one it set; a typed quantity moves the slider to its share.
  const [chosen, setChosen] = useState<{ percent: number; quantity: string } | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const precision = ticket.price_precision;
  const draft = { side, type, quantity: quantity.trim(), price: price.trim(), stop: stop.trim(), trailPercent: trailPercent.trim(), stopLimit: stopLimit.trim() };
  const preview = previewOrder(ticket, draft);
  const text = (code: keyof typeof errors | null) => (code ? i18n._(errors[code].key) : undefined);
  const qtyError = quantityError(ticket, draft.quantity);
  const oco = type === "oco";
  const hasLimit = type === "limit" || type === "stop_limit" || oco;
  const hasStop = type === "stop_market" || type === "stop_limit" || oco;
  const trailing = type === "trailing_stop";
  const priceErr = type === "limit" || oco ? priceError(ticket, side, draft.price) : type === "stop_limit" ? limitPriceError(ticket, draft.price) : null;
  const stopErr = hasStop ? stopError(ticket, side, draft.stop) : null;
  const stopLimitErr = oco ? limitPriceError(ticket, draft.stopLimit) : null;
  // An OCO's crossing legs are the clearest reason, said first (as the server checks it first).
  const crossErr = oco ? ocoError(side, draft.price, draft.stop) : null;
  const trailErr = trailing ? trailError(draft.trailPercent) : null;
  const level = trailing ? trailLevelNow(ticket, side, draft.trailPercent) : null;
  const buy = side === "buy";
  // Why the order cannot be sent yet, next to the disabled button: the first rule it breaks.
  const reason: string | undefined = !ticket.trading
    ? undefined
    : !draft.quantity
      ? t`Enter a quantity.`
      : hasLimit && !draft.price
        ? t`Enter a limit price.`
        : hasStop && !draft.stop
          ? t`Enter a stop price.`
          : trailing && !draft.trailPercent
            ? t`Enter a trailing distance.`
            : (text(crossErr) ??
              text(qtyError) ??
              text(priceErr) ??
              text(stopErr) ??
              text(stopLimitErr) ??
              text(trailErr) ??
              (!preview ? t`Check the order's figures.` : !preview.enough ? (buy ? t`Not enough ${ticket.quote} available.` : t`Not enough ${ticket.base} available.`) : undefined));
  const invalid = reason !== undefined;
  const at = hasLimit ? draft.price || null : type === "stop_market" ? draft.stop || null : trailing ? level : buy ? ticket.ask : ticket.bid;
  const percent = chosen && chosen.quantity === quantity ? chosen.percent : percentForQuantity(ticket, side, at, quantity);

  const choosePercent = (value: number) => {
    const next = quantityForPercent(ticket, side, at, value);
    setChosen({ percent: value, quantity: next });
    setQuantity(next);
  };
  const chooseSide = (value: SpotSide) => {
    setSide(value);
    setChosen(null);
    setQuantity("");
  };

  const submit = useAction(async () => {
    if (type === "oco") {
      await placeSpotOco({ symbol: ticket.symbol, side, quantity: draft.quantity, price: draft.price, stop_price: draft.stop, stop_limit_price: draft.stopLimit || undefined, idempotency_key: key });
    } else {
      await placeSpotOrder({
        symbol: ticket.symbol,
        side,
        type,
        quantity: draft.quantity,
        price: hasLimit ? draft.price : undefined,
        stop_price: hasStop ? draft.stop : undefined,
        trailing_rate: trailing ? (percentToRate(draft.trailPercent) ?? undefined) : undefined,
        idempotency_key: key,
      });
    }
    showToast(i18n._(successes.ORDER_PLACED.key), "success");
    setKey(newIdempotencyKey());
    setQuantity("");
    setChosen(null);
  });

  return (
    <form className="spot-ticket" onSubmit={submit.onSubmit} noValidate aria-label={t`Spot order ticket`}>
      <Segments
        as="tabs"
        className="spot-sides"
        label={t`Buy or sell`}
        value={buy ? "buy" : "sell"}
        onChange={chooseSide}
        segments={[
          { value: "buy", label: <Trans>Buy {ticket.base}</Trans>, className: "seg-buy" },
          { value: "sell", label: <Trans>Sell {ticket.base}</Trans>, className: "seg-sell" },
        ]}
      />

      <div className="spot-quote" aria-live="off">
        <div className="spot-quote__side spot-quote__side--bid">
          <small>
            <Trans>Bid (you sell at)</Trans>
          </small>
          <strong data-testid="spot-bid">{formatPrice(ticket.bid, precision)}</strong>
        </div>
        <div className="spot-quote__side spot-quote__side--ask">
          <small>
            <Trans>Ask (you buy at)</Trans>
          </small>
          <strong data-testid="spot-ask">{formatPrice(ticket.ask, precision)}</strong>
        </div>
      </div>
      <div className="spot-meta">
        <span>
          <Trans>Last</Trans> <span className="num">{formatPrice(ticket.last, precision)}</span>
          {ticket.tick && <> · {formatTickTime(ticket.tick.at_ms)}</>}
        </span>
        {ticket.demo && (
          <span className="badge badge--warn" data-testid="demo-badge" title={t`Prices come from the built-in simulator, not from a real market.`}>
            <Trans>Demo market data</Trans>
          </span>
        )}
      </div>
      <UpcomingTerms changes={ticket.upcoming} />
      <MarketDepth symbol={ticket.symbol} precision={precision} quantityStep={ticket.quantity_step} />
      {!ticket.trading && (
        <div className="notice" role="note">
          <Icon name="info" size={18} />
          <div style={{ flex: 1 }}>{i18n._(errors.PAIR_NOT_ACTIVE.key)}</div>
        </div>
      )}

      <OrderTypeSwitch type={type} onType={setType} types={TYPES} />

      {trailing && (
        <LimitPriceField
          name="trailing_rate"
          label={<Trans>Trailing distance (%)</Trans>}
          value={trailPercent}
          onValue={setTrailPercent}
          placeholder="1"
          error={submit.errorOf("trailing_rate") ?? text(trailErr)}
          hint={
            <span data-testid="trail-level">
              {buy ? (
                <Trans>Follows the lowest ask and buys at market when the ask rises this far above it (0.1 to 20 %). Triggers now at ask ≥ {formatPrice(level, precision)}.</Trans>
              ) : (
                <Trans>Follows the highest bid and sells at market when the bid falls this far below it (0.1 to 20 %). Triggers now at bid ≤ {formatPrice(level, precision)}.</Trans>
              )}
            </span>
          }
        />
      )}
      {oco && (
        <LimitPriceField
          label={buy ? <Trans>Limit price, below the ask ({ticket.quote})</Trans> : <Trans>Take-profit price, above the bid ({ticket.quote})</Trans>}
          value={price}
          onValue={setPrice}
          placeholder={formatPrice(ticket.last, precision)}
          error={submit.errorOf("price") ?? text(crossErr) ?? text(priceErr)}
          hint={<Trans>One leg filling or triggering cancels the other; both share one hold.</Trans>}
        />
      )}
      {hasStop && (
        <LimitPriceField
          name="stop_price"
          label={<Trans>Stop price ({ticket.quote})</Trans>}
          value={stop}
          onValue={setStop}
          placeholder={formatPrice(buy ? ticket.ask : ticket.bid, precision)}
          error={submit.errorOf("stop_price") ?? text(stopErr)}
          hint={
            buy ? <Trans>Triggers when the ask rises to this price (above the ask now).</Trans> : <Trans>Triggers when the bid falls to this price (below the bid now).</Trans>
          }
        />
      )}
      {oco && (
        <LimitPriceField
          name="stop_limit_price"
          label={<Trans>Stop-limit price, optional ({ticket.quote})</Trans>}
          value={stopLimit}
          onValue={setStopLimit}
          placeholder={t`At market`}
          error={submit.errorOf("stop_limit_price") ?? text(stopLimitErr)}
          hint={<Trans>Empty: the stop leg fills at market once triggered.</Trans>}
        />
      )}
      {hasLimit && !oco && (
        <LimitPriceField
          label={<Trans>Limit price ({ticket.quote})</Trans>}
          value={price}
          onValue={setPrice}
          placeholder={formatPrice(ticket.last, precision)}
          error={submit.errorOf("price") ?? text(priceErr)}
          hint={
            type === "stop_limit" ? (
              <Trans>Once triggered, the order waits as a limit order at this price.</Trans>
            ) : buy ? (
              <Trans>Fills at this price when the ask falls to it.</Trans>
            ) : (
              <Trans>Fills at this price when the bid rises to it.</Trans>
            )
          }
        />
      )}
      <QuantityField
        label={<Trans>Quantity ({ticket.base})</Trans>}
        value={quantity}
        onValue={setQuantity}
        error={submit.errorOf("quantity") ?? text(qtyError)}
        rules={ticket}
        unit={ticket.base}
      />
      <div className="spot-slider">
        <label className="field__label" htmlFor="spot-percent">
          <Trans>Share of your available balance: {percent}%</Trans>
        </label>
        <input id="spot-percent" type="range" min={0} max={100} step={1} value={percent} onChange={(e) => choosePercent(Number(e.target.value))} />
        <div className="spot-slider__marks">
          {MARKS.map((mark) => (
            <button key={mark} type="button" className="spot-chip" aria-pressed={percent === mark} onClick={() => choosePercent(mark)}>
              {mark}%
            </button>
          ))}
        </div>
      </div>

      <TicketPreview
        className="spot-preview"
        testId="spot-preview"
        shortfall={
          preview &&
          !preview.enough &&
          (buy ? <Trans>This order needs {formatAmount(preview.needs, ticket.quote, { showCurrency: false })} {ticket.quote}: more than you have available.</Trans> : <Trans>You have fewer {ticket.base} available than this order sells.</Trans>)
        }
        note={
          type !== "market" &&
          ((type === "stop_market" || trailing) && buy ? (
            <Trans>Until it fills or you cancel it, the order holds the amount and fee at up to 5% above the stop: it fills at market when triggered, at most that high.</Trans>
          ) : buy ? (
            <Trans>The amount and fee are frozen until the order fills or you cancel it.</Trans>
          ) : (
            <Trans>The coins are frozen until the order fills or you cancel it.</Trans>
          ))
        }
      >
        <KeyValue label={type === "market" ? <Trans>Fills now at about</Trans> : type === "stop_market" || trailing ? <Trans>Fills at market, about</Trans> : <Trans>Fills at</Trans>}>
          <span className="num" data-testid="preview-price">
            {preview ? formatPrice(preview.price, precision) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Amount</Trans>}>
          <span className="num" data-testid="preview-amount">
            {preview ? formatAmount(preview.amount, ticket.quote) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Fee ({formatRate(ticket.fee_rate)})</Trans>}>
          <span className="num" data-testid="preview-fee">
            {preview ? formatAmount(preview.fee, ticket.quote) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={buy ? <Trans>You pay</Trans> : <Trans>You receive</Trans>}>
          <strong className="num" data-testid="preview-total">
            {preview ? formatAmount(preview.total, ticket.quote) : "-"}
          </strong>
        </KeyValue>
        <KeyValue label={<Trans>Available</Trans>}>
          <span className={`num${preview && !preview.enough ? " down" : ""}`} data-testid="preview-available">
            {buy ? formatAmount(ticket.quote_available, ticket.quote) : `${formatQuantity(ticket.base_available)} ${ticket.base}`}
          </span>
        </KeyValue>
      </TicketPreview>

      <button type="submit" className={`btn ${buy ? "btn--buy" : "btn--sell"}`} disabled={submit.pending || !ticket.trading || invalid}>
        {buy ? <Trans>Buy {ticket.base}</Trans> : <Trans>Sell {ticket.base}</Trans>}
      </button>
      <DisabledReason testId="spot-disabled-reason">{reason}</DisabledReason>
      <div className="spot-links">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => navigate(paths.orderTrade)}>
          <Trans>Spot orders</Trans>
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => navigate(paths.spotAccount)}>
          <Trans>Spot account</Trans>
        </button>
      </div>
    </form>
  );
}
