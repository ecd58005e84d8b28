import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Depth, RecentTrade } from "@contract/market";
import { decimalsOf, subtractDecimal } from "@/shared/lib/decimal";
import { currentIntlLocale, formatDecimal, formatTickTime } from "@/shared/i18n/format";
import { formatPrice } from "./format";
import { useDepth, useTrades } from "./depth";
import { venueName } from "./venue-name";
import "./order-book.css";

/**
 * A pair's book and recent trades as its venue shows them: the tickets render `MarketDepth` (five levels a side,
 * the spread, the venue named, the recent trades), the chart screen `DepthView` (more levels, sizes added up). The
 * book is the venue's, and says so: the platform fills at its own quote, never at these levels.
 */

/** Sizes are written at the decimals of the pair's quantity step, or four where the screen does not know the step. */
const sizeDecimalsOf = (step?: string): number => (step ? decimalsOf(step) : 4);

/**
 * A book or trade size, cut to a fixed number of decimals: a column of sizes reads at one width ("4.4580" under
 * "0.2691", not "4.458"), as prices do at the pair's precision.
 */
const formatSize = (quantity: string, decimals: number): string => formatDecimal(quantity, { minFraction: decimals, maxFraction: decimals });

function VenueName({ venue }: { venue: string | null }) {
  return venue ? <>{venueName(venue)}</> : null;
}

/** Each level's size, and the running total from the best level (the bars show the total against the largest). */
function levelsWithTotals(levels: Depth["bids"], cumulative: boolean) {
  let total = 0;
  const rows = levels.map(([price, quantity]) => {
    total = cumulative ? total + Number(quantity) : Number(quantity);
    return { price, quantity, weight: total };
  });
  const max = Math.max(...rows.map((r) => r.weight), 0);
  return rows.map((r) => ({ ...r, share: max > 0 ? r.weight / max : 0 }));
}

function BookSide({ levels, side, precision, sizeDecimals, cumulative }: { levels: Depth["bids"]; side: "bids" | "asks"; precision: number; sizeDecimals: number; cumulative: boolean }) {
  return (
    <div className={`order-book__side order-book__side--${side}`} data-testid={`book-${side}`}>
      {levelsWithTotals(levels, cumulative).map((row) => (
        <div className="order-book__row" key={row.price}>
          <i className="order-book__bar" style={{ width: `${Math.round(row.share * 100)}%` }} aria-hidden />
          <span className="order-book__price">{formatPrice(row.price, precision)}</span>
          <span>{formatSize(row.quantity, sizeDecimals)}</span>
        </div>
      ))}
    </div>
  );
}

function Book({ symbol, precision, sizeDecimals, levels, cumulative, title, children }: { symbol: string; precision: number; sizeDecimals: number; levels: number; cumulative: boolean; title: ReactNode; children?: ReactNode }) {
  const { data: answer } = useDepth(symbol, levels);
  // Anything but a book (a test's stub, an error) shows as no book.
  const data = answer && Array.isArray(answer.bids) && Array.isArray(answer.asks) ? answer : undefined;
  const bestBid = data?.bids[0]?.[0];
  const bestAsk = data?.asks[0]?.[0];
  return (
    <section className={cumulative ? "order-book depth-view" : "order-book"} data-testid={cumulative ? "depth-view" : "order-book"} aria-label={typeof title === "string" ? title : undefined}>
      <div className="order-book__head">
        <strong>{title}</strong>
        {data?.venue && (
          <span data-testid="book-venue">
            <VenueName venue={data.venue} />
          </span>
        )}
      </div>
      <p className="order-book__note">
        <Trans>The venue&apos;s own book, for information: orders here fill at the platform&apos;s quote shown above.</Trans>
      </p>
      {data && data.bids.length + data.asks.length > 0 ? (
        <>
          <div className="order-book__rows">
            <BookSide levels={data.bids} side="bids" precision={precision} sizeDecimals={sizeDecimals} cumulative={cumulative} />
            <BookSide levels={data.asks} side="asks" precision={precision} sizeDecimals={sizeDecimals} cumulative={cumulative} />
          </div>
          {bestBid && bestAsk && (
            <div className="order-book__spread" data-testid="book-spread">
              <Trans>Spread</Trans> <span className="num">{formatPrice(subtractDecimal(bestAsk, bestBid), precision)}</span>
              {data.at_ms !== null && <> · {formatTickTime(data.at_ms)}</>}
            </div>
          )}
        </>
      ) : (
        <p className="order-book__empty">
          <Trans>No book from the venue yet.</Trans>
        </p>
      )}
      {children}
    </section>
  );
}

function TradesList({ symbol, precision, sizeDecimals }: { symbol: string; precision: number; sizeDecimals: number }) {
  const { data } = useTrades(symbol);
  const list: RecentTrade[] = Array.isArray(data?.list) ? data.list.slice(0, 8) : [];
  return (
    <div className="order-book__trades" data-testid="recent-trades">
      <h4>
        <Trans>Recent trades</Trans>
      </h4>
      {list.length === 0 ? (
        <p className="order-book__empty">
          <Trans>No trades from the venue.</Trans>
        </p>
      ) : (
        list.map((trade) => (
          <div className={`order-book__trade order-book__trade--${trade.side}`} key={`${trade.venue}|${trade.at_ms}|${trade.price}|${trade.quantity}`} data-testid="recent-trade">
            <span className="order-book__price">{formatPrice(trade.price, precision)}</span>
            <span>{formatSize(trade.quantity, sizeDecimals)}</span>
            <span>{new Date(trade.at_ms).toLocaleTimeString(currentIntlLocale(), { hour12: false })}</span>
          </div>
        ))
      )}
    </div>
  );
}

/** The tickets' compact book (five levels a side, the spread, the venue) and the recent trades, sizes by the pair's step. */
export function MarketDepth({ symbol, precision, quantityStep }: { symbol: string; precision: number; quantityStep?: string }) {
  const { t } = useLingui();
  const sizeDecimals = sizeDecimalsOf(quantityStep);
  return (
    <Book symbol={symbol} precision={precision} sizeDecimals={sizeDecimals} levels={5} cumulative={false} title={t`Venue book`}>
      <TradesList symbol={symbol} precision={precision} sizeDecimals={sizeDecimals} />
    </Book>
  );
}

/** The chart screen's depth: twenty levels a side, the bars adding up the sizes from the best level. */
export function DepthView({ symbol, precision, quantityStep }: { symbol: string; precision: number; quantityStep?: string }) {
  const { t } = useLingui();
  return <Book symbol={symbol} precision={precision} sizeDecimals={sizeDecimalsOf(quantityStep)} levels={20} cumulative title={t`Market depth`} />;
}
