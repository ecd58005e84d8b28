import { useLingui } from "@lingui/react/macro";
import { signOf, subtractDecimal, toFixedPoint } from "@/shared/lib/decimal";
import { formatPrice } from "@/shared/market/format";
import { MA_PERIODS } from "../model/candles";
import { percentChange } from "../model/percent";
import type { Candle, KlineInterval } from "../model/types";
import { formatCompact, formatPercent } from "@/shared/i18n/format";
import { candleTime, chartPrice } from "./chart-labels";

/** The OHLC readout: the pointer's candle, or the latest one. A fixed three-line block, so nothing below moves. */
export function Readout({ candles, index, precision, interval, ma }: { candles: Candle[] | undefined; index: number | null; precision: number; interval: KlineInterval; ma: (number | null)[][] | null }) {
  const { t } = useLingui();
  const c = index !== null && candles ? candles[index] : null;
  if (!c) return <div className="ohlc" data-testid="ohlc" aria-hidden="true" />;
  const change = toFixedPoint(c.o) ? percentChange(c.o, c.c) : null;
  const tone = signOf(subtractDecimal(c.c, c.o)) >= 0 ? "up" : "down";
  const price = (v: string) => formatPrice(v, precision);
  return (
    <div className="ohlc" data-testid="ohlc" aria-live="off">
      <span>{candleTime(c.t, interval)}</span>
      {change !== null && <b className={tone}>{formatPercent(change)}</b>}
      <span style={{ flexBasis: "100%", height: 0 }} />
      <span>
        {t`O`} <b data-testid="ohlc-open">{price(c.o)}</b>
      </span>
      <span>
        {t`H`} <b data-testid="ohlc-high">{price(c.h)}</b>
      </span>
      <span>
        {t`L`} <b data-testid="ohlc-low">{price(c.l)}</b>
      </span>
      <span>
        {t`C`} <b data-testid="ohlc-close" className={tone}>{price(c.c)}</b>
      </span>
      <span>
        {t`V`} <b>{formatCompact(c.v)}</b>
      </span>
      <span style={{ flexBasis: "100%", height: 0 }} />
      {ma &&
        MA_PERIODS.map((period, i) => {
          const value = index !== null ? ma[i][index] : null;
          return (
            <span key={period} className={`ma${period}`}>
              MA{period} {value === null || value === undefined ? "-" : chartPrice(value, precision)}
            </span>
          );
        })}
    </div>
  );
}
