/**
 * The candlestick chart screen part: the OHLC readout (`kline-readout.tsx`) over the chart, candles with volume and
 * MA5/MA10/MA30, a pointer whose candle the readout shows, pinch and drag to zoom and pan, the last price on the
 * price axis, a recorded tick pinned on its candle. The chart itself is the echarts adapter (`kline-echarts.tsx`),
 * loaded after this screen's first paint: echarts is in a chunk of its own that only the chart screens load.
 */
import { memo, useEffect, useMemo, useState, type ComponentType } from "react";
import { Trans } from "@lingui/react/macro";
import { themeAtom, useAtomValue } from "@/shared/state/store";
import { Spinner } from "@/shared/ui/feedback";
import { chartSeries } from "../model/candles";
import type { ChartColors, ChartMark, ChartStyle, Series } from "../model/kline-option";
import type { Candle, KlineInterval } from "../model/types";
import { axisLabel, candleTime, chartPrice } from "./chart-labels";
import { Readout } from "./kline-readout";

export type { ChartMark } from "../model/kline-option";

type Adapter = ComponentType<{ series: Series | null; mark: ChartMark | null; style: ChartStyle; onCrosshair: (index: number | null) => void }>;

let adapter: Promise<Adapter> | null = null;
/** The echarts adapter, asked for once per page load. */
const loadAdapter = () => (adapter ??= import("./kline-echarts").then((module) => module.default));

/** A #rrggbb or #rgb colour with some transparency; any other colour as it is. */
function seeThrough(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The theme's colours, read from the CSS variables (so the chart follows dark and light). */
function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = v("--up", "#1fbf75");
  const down = v("--down", "#f0506e");
  return { up, down, volumeUp: seeThrough(up, 0.45), volumeDown: seeThrough(down, 0.45), warn: v("--warn", "#f5b83d"), faint: v("--text-3", "#6f7a88"), border: v("--border", "#2a323d"), surface: v("--surface-2", "#1d242d"), ma: [v("--ma5", "#f5b83d"), v("--ma10", "#5b8def"), v("--ma30", "#c86be0")] };
}

/** `mark` pins a recorded tick on its candle, opens the view around it and shows its candle in the readout. */
export const KlineChart = memo(function KlineChart({ candles, precision, interval, mark = null }: { candles: Candle[] | undefined; precision: number; interval: KlineInterval; mark?: ChartMark | null }) {
  const theme = useAtomValue(themeAtom);
  // The colours are CSS variables the theme switches: read again when it changes.
  const colors = useMemo(readColors, [theme]);
  const style = useMemo<ChartStyle>(
    () => ({ colors, price: (value) => chartPrice(value, precision), axisTime: (seconds) => axisLabel(seconds, interval), pointerTime: (seconds) => candleTime(seconds, interval) }),
    [colors, precision, interval],
  );
  const [hover, setHover] = useState<number | null>(null);
  const [Chart, setChart] = useState<Adapter | null>(null);
  const series = useMemo(() => (candles && candles.length > 0 ? chartSeries(candles) : null), [candles]);
  // Made once the first candles are in, then kept (another interval's candles go to the same chart).
  const [made, setMade] = useState(false);
  if (series && !made) setMade(true);

  // echarts loads after the screen's first paint: the header, readout and intervals never wait for it.
  useEffect(() => {
    let live = true;
    const frame = requestAnimationFrame(() => setTimeout(() => void loadAdapter().then((loaded) => live && setChart(() => loaded))));
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, []);
  useEffect(() => setHover(null), [interval]);

  const resting = mark && candles?.[mark.index] ? mark.index : (candles?.length ?? 0) - 1;
  const shown = candles && candles.length > 0 ? (hover !== null && candles[hover] ? hover : resting) : null;
  return (
    <>
      <Readout candles={candles} index={shown} precision={precision} interval={interval} ma={series?.ma ?? null} />
      <div className="kline-chart" data-testid="kline-chart">
        {Chart && made && <Chart series={series} mark={mark} style={style} onCrosshair={setHover} />}
        {(!series || !Chart) && (
          <div className="kline-chart__empty">
            {candles && candles.length === 0 ? (
              <span className="faint">
                <Trans>No candles for this interval yet.</Trans>
              </span>
            ) : (
              <Spinner />
            )}
          </div>
        )}
      </div>
    </>
  );
});
