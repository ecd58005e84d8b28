import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { errors } from "@contract/messages";
import { successes } from "@contract/successes";
import type { OrderType, PositionDirection, Ticket } from "@contract/positions";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { paths } from "@/shared/lib/paths";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { TradingHours } from "@/shared/ui/trading-hours";
import { UpcomingTerms } from "@/shared/ui/upcoming-terms";
import { KeyValue } from "@/shared/ui/key-value";
import { LimitPriceField, OrderTypeSwitch, QuantityField, TicketPreview } from "@/shared/ui/order-ticket";
import { useQuotes } from "@/shared/market/quotations";
import { submitOrder } from "../api/submit-order";
import { useTicket } from "../api/ticket";
import { formatPrice } from "@/shared/market/format";
import { newIdempotencyKey } from "@/shared/lib/idempotency-key";
import { quoteToMargin } from "../model/live";
import { isMarketable, marginRateOf, openPriceOf, priceError, previewOrder, quantityError, stopErrors, stopPriceError, type ErrorCode, type Quote } from "../model/ticket";
import { MarketDepth } from "@/shared/market/order-book";
import { Notice } from "./parts";
import { PricesPaused, type TickFreshness } from "@/shared/ui/prices-paused";
import { confirmsOpening, setConfirmsOpening } from "../model/confirm-pref";
import { OpenConfirmSheet } from "./open-confirm-sheet";
import "./positions.css";
import { Segments } from "@/shared/ui/segments";
import { decimalInput } from "@/shared/i18n/decimal-input";

/**
 * The order ticket of one pair: the live bid and ask, long or short, market, limit or stop (opens at market when the
 * price reaches the stop), quantity, leverage, optional take-profit and stop-loss, and before submit what the order
 * holds and risks (margin, fee, liquidation price, what a 1 % move does, the available balance), with the reason
 * beside a disabled button. Crypto on the trading screen, forex and metals on the pair's page.
 */
/** `side` picks the direction the ticket opens on (a chart's Buy is a long, its Sell a short). */
export function TradeTicket({ symbol, riskWarning, side }: { symbol: string; riskWarning?: ReactNode; side?: "buy" | "sell" }) {
  const { data: ticket, error } = useTicket(symbol);
  const quotes = useQuotes([symbol]);
  const live = quotes.data?.find((q) => q.symbol === symbol);
  if (!ticket) {
    return error ? (
      <Notice>
        <Trans>The ticket could not be loaded.</Trans>
      </Notice>
    ) : (
      <Skeleton lines={8} />
    );
  }
  // The ticker is newer than the ticket's own quote once it has spoken.
  const quote: Quote = live ? { bid: live.bid, ask: live.ask, last: live.last } : { bid: ticket.bid, ask: ticket.ask, last: ticket.last };
  // The pair picker above the ticket says "Demo market data" once for the screen.
  return <TicketForm key={symbol} ticket={ticket} quote={quote} freshness={live} riskWarning={riskWarning} initialDirection={side === "sell" ? "short" : "long"} />;
}

function TicketForm({ ticket, quote, freshness, riskWarning, initialDirection }: { ticket: Ticket; quote: Quote; freshness: TickFreshness | undefined; riskWarning: ReactNode; initialDirection: PositionDirection }) {
  const { t, i18n } = useLingui();
  const [direction, setDirection] = useState<PositionDirection>(initialDirection);
  const [type, setType] = useState<OrderType>("market");
  const [quantity, setQuantity] = useState(ticket.quantity_min);
  const [price, setPrice] = useState("");
  const [stop, setStop] = useState("");
  const [leverage, setLeverage] = useState(() => (ticket.leverages.includes(10) ? 10 : (ticket.leverages[0] ?? 1)));
  const [tp, setTp] = useState("");
  const [sl, setSl] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const precision = ticket.price_precision;
  const unit = ticket.kind === "crypto" ? ticket.symbol.split("/")[0] : t`lots`;
  const draft = { direction, type, quantity: quantity.trim(), price: price.trim(), stop: stop.trim(), leverage, tp: tp.trim(), sl: sl.trim() };
  const rate = marginRateOf(ticket, quote.last);
  const preview = rate === null ? null : previewOrder(ticket, draft, quote, rate);
  const convertible = quoteToMargin(ticket.symbol) !== null;

  const text = (code: ErrorCode | null) => (code ? i18n._(errors[code].key) : undefined);
  const qtyError = quantityError(ticket, draft.quantity);
  const priceErr = type === "limit" && draft.price ? priceError(draft.price, precision) : null;
  const stopErr = type === "stop" ? stopPriceError(direction, draft.stop, quote, precision) : null;
  const fillsNow = isMarketable(draft, quote);
  const stops = stopErrors({ direction, open: openPriceOf(draft, quote), last: quote.last, tp: draft.tp, sl: draft.sl, precision });
  const needsCard = ticket.bank_card_required && !ticket.bank_card_bound;
  const closed = !ticket.session_open;
  const blocked = !ticket.trading || closed || needsCard;
  // Why the button is disabled, first reason first (the field's own error says the rule; this names the field).
  const reason: string | null = !draft.quantity
    ? t`Enter a quantity.`
    : qtyError
      ? t`Check the quantity: ${text(qtyError)}`
      : type === "limit" && !draft.price
        ? t`Enter a limit price.`
        : priceErr
          ? t`Check the limit price: ${text(priceErr)}`
          : type === "stop" && !draft.stop
            ? t`Enter a stop price.`
            : stopErr
              ? t`Check the stop price: ${text(stopErr)}`
              : stops.tp
                ? t`Check the take-profit: ${text(stops.tp)}`
                : stops.sl
                  ? t`Check the stop-loss: ${text(stops.sl)}`
                  : !preview
                    ? t`Waiting for a price.`
                    : !preview.enough
                      ? t`Not enough available balance for margin and fee.`
                      : null;
  const invalid = reason !== null;

  const submit = useAction(async () => {
    await submitOrder({
      symbol: ticket.symbol,
      direction,
      type,
      quantity: draft.quantity,
      price: type === "limit" ? draft.price : undefined,
      stop_price: type === "stop" ? draft.stop : undefined,
      leverage,
      tp_price: draft.tp || undefined,
      sl_price: draft.sl || undefined,
      idempotency_key: key,
    });
    showToast(i18n._(successes.ORDER_PLACED.key), "success");
    setKey(newIdempotencyKey());
    setTp("");
    setSl("");
  });
  // A leveraged position asks first (its figures in a sheet), unless the user said not to ask again.
  const [confirming, setConfirming] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmsOpening()) setConfirming(true);
    else void submit.run();
  };

  return (
    <form className="ticket" onSubmit={onSubmit} noValidate aria-label={t`Order ticket`}>
      <div className="ticket__quote" aria-live="off">
        <div className="ticket__side ticket__side--bid">
          <small>
            <Trans>Bid</Trans>
          </small>
          <strong className="num" data-testid="ticket-bid">
            {formatPrice(quote.bid, precision)}
          </strong>
        </div>
        <div className="ticket__side ticket__side--ask">
          <small>
            <Trans>Ask</Trans>
          </small>
          <strong className="num" data-testid="ticket-ask">
            {formatPrice(quote.ask, precision)}
          </strong>
        </div>
      </div>
      <div className="ticket__meta">
        <span>
          <Trans>Last</Trans> <span className="num">{formatPrice(quote.last, precision)}</span>
        </span>
        <PricesPaused quote={freshness} />
      </div>

      {ticket.trading_hours && <TradingHours hours={ticket.trading_hours} />}
      <UpcomingTerms changes={ticket.upcoming} />
      <MarketDepth symbol={ticket.symbol} precision={precision} quantityStep={ticket.quantity_step} />
      {!ticket.trading && <Notice>{i18n._(errors.PAIR_NOT_ACTIVE.key)}</Notice>}
      {ticket.trading && closed && (
        <Notice>
          {ticket.next_open_at ? (
            <Trans>Trading is currently closed. It opens at {formatDateTime(ticket.next_open_at)}.</Trans>
          ) : (
            <Trans>Trading is currently closed.</Trans>
          )}
        </Notice>
      )}
      {needsCard && (
        <Notice
          action={
            <Link href={paths.bank} className="btn btn--primary btn--small">
              <Trans>Bind a bank card</Trans>
            </Link>
          }
        >
          <Trans>Forex and metals trading needs a bound bank card.</Trans>
        </Notice>
      )}

      <Segments
        as="radio"
        className="ticket__direction"
        label={t`Direction`}
        value={direction}
        onChange={setDirection}
        segments={[
          { value: "long", label: <Trans>Long</Trans>, className: "seg-long" },
          { value: "short", label: <Trans>Short</Trans>, className: "seg-short" },
        ]}
      />
      <OrderTypeSwitch type={type} onType={setType} types={["market", "limit", "stop"] as const} />

      {type === "limit" && (
        <LimitPriceField
          label={<Trans>Limit price</Trans>}
          value={price}
          onValue={setPrice}
          placeholder={formatPrice(quote.last, precision)}
          error={submit.errorOf("price") ?? text(priceErr)}
          hint={fillsNow ? <Trans>Better than the market: fills at once at the market price.</Trans> : undefined}
        />
      )}
      {type === "stop" && (
        <LimitPriceField
          label={<Trans>Stop price</Trans>}
          name="stop_price"
          value={stop}
          onValue={setStop}
          placeholder={formatPrice(direction === "long" ? quote.ask : quote.bid, precision)}
          error={submit.errorOf("stop_price") ?? text(stopErr)}
          hint={direction === "long" ? <Trans>Opens at market when the ask reaches it (above the ask now).</Trans> : <Trans>Opens at market when the bid reaches it (below the bid now).</Trans>}
        />
      )}
      <QuantityField label={<Trans>Quantity</Trans>} value={quantity} onValue={setQuantity} error={submit.errorOf("quantity") ?? text(qtyError)} rules={ticket} unit={unit} />
      <div className="field">
        <span className="field__label" id="leverage-label">
          <Trans>Leverage</Trans>
        </span>
        <div className="chips ticket__leverages" role="radiogroup" aria-labelledby="leverage-label">
          {ticket.leverages.map((value) => (
            <button key={value} type="button" role="radio" className="chip" aria-checked={leverage === value} onClick={() => setLeverage(value)}>
              {value}x
            </button>
          ))}
        </div>
        {submit.errorOf("leverage") && (
          <div className="field__error" role="alert">
            {submit.errorOf("leverage")}
          </div>
        )}
      </div>
      <div className="ticket__stops">
        <TextField label={<Trans>Take-profit</Trans>} name="tp_price" placeholder={t`Optional`} {...decimalInput(tp, setTp)} error={submit.errorOf("tp_price") ?? text(stops.tp)} />
        <TextField label={<Trans>Stop-loss</Trans>} name="sl_price" placeholder={t`Optional`} {...decimalInput(sl, setSl)} error={submit.errorOf("sl_price") ?? text(stops.sl)} />
      </div>

      <TicketPreview
        className="preview"
        testId="ticket-preview"
        shortfall={preview && !preview.enough && <Trans>Margin and fee need {formatAmount(preview.required, ticket.margin_currency, { showCurrency: false })} {ticket.margin_currency}: more than you have available.</Trans>}
        note={!convertible && <Trans>Converted from the pair's quote currency at the current rate.</Trans>}
      >
        <KeyValue label={type === "market" || type === "stop" || fillsNow ? <Trans>Opens at about</Trans> : <Trans>Opens at</Trans>}>
          <span className="num" data-testid="preview-open">
            {preview ? formatPrice(preview.open_price, precision) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Margin</Trans>}>
          <span className="num" data-testid="preview-margin">
            {preview ? formatAmount(preview.margin, ticket.margin_currency) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Opening fee</Trans>}>
          <span className="num" data-testid="preview-fee">
            {preview ? formatAmount(preview.fee, ticket.margin_currency) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Liquidation price</Trans>}>
          <span className="num" data-testid="preview-liquidation">
            {preview?.liquidation_price ? formatPrice(preview.liquidation_price, precision) : "-"}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>A 1% move</Trans>}>
          <span className="num" data-testid="preview-move">
            {preview ? (
              <Trans>
                ±{formatAmount(preview.move_1pct, ticket.margin_currency, { showCurrency: false })} {ticket.margin_currency} (±{formatDecimal(preview.move_1pct_of_margin)}% of margin)
              </Trans>
            ) : (
              "-"
            )}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Available</Trans>}>
          <span className={`num${preview && !preview.enough ? " down" : ""}`} data-testid="preview-available">
            {/* Exact, as the wallet and the options stake beside it show it (rounded, the two disagreed). */}
            {formatAmount(ticket.available, ticket.margin_currency)}
          </span>
        </KeyValue>
      </TicketPreview>

      {riskWarning}
      <button type="submit" className={`btn ${direction === "long" ? "btn--long" : "btn--short"}`} disabled={submit.pending || blocked || invalid}>
        {direction === "long" ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}
      </button>
      {!blocked && <DisabledReason testId="ticket-disabled-reason">{reason}</DisabledReason>}
      {preview && (
        <OpenConfirmSheet
          open={confirming}
          busy={submit.pending}
          order={{ symbol: ticket.symbol, direction, type, quantity: draft.quantity, unit, leverage, currency: ticket.margin_currency, precision, tp: draft.tp, sl: draft.sl, stop: type === "stop" ? draft.stop : "" }}
          preview={preview}
          onConfirm={(dontAsk) => {
            if (dontAsk) setConfirmsOpening(false);
            // Closed whatever the answer: a refusal shows on the ticket's fields behind it.
            void submit.run().then(() => setConfirming(false));
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
