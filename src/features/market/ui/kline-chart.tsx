/**
 * The chart adapter: candles, volume, MA5/MA10/MA30, a crosshair whose candle the OHLC readout (`kline-readout.tsx`)
 * shows, pinch and drag to zoom and pan, the last price on the price axis. Only this file imports the chart library
 * (lightweight-charts, a canvas chart made for live prices), so it ships in the chart route's lazy chunk only. An
 * echarts adapter (`kline-echarts.tsx`, `model/kline-option.ts`) is kept beside it, not wired: measured side by side
 * (README's stack row), it was the slower of the two.
 *
 * Speed (issue 16: 5,000 candles painted in under 100 ms, no task over 50 ms while ticks arrive; `npm run bench --
 * chart` and `-- longtasks`): the whole series is handed over once per interval; a tick that moves the open candle
 * or opens the next one updates that candle, its volume bar and the three averages' last points only, and the chart
 * repaints once per frame whatever the number of updates in it.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Trans } from "@lingui/react/macro";
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { themeAtom, useAtomValue } from "@/shared/state/store";
import { Spinner } from "@/shared/ui/feedback";
import { changedAtTheEnd, chartSeries, intervalSeconds, MA_PERIODS, openingRange, type ChartMark, type ChartVolume } from "../model/candles";
import type { Candle, KlineInterval } from "../model/types";
import { axisLabel, candleTime, chartPrice } from "./chart-labels";
import { formatCompact } from "@/shared/i18n/format";
import { Readout } from "./kline-readout";

export type { ChartMark } from "../model/candles";

/**
 * The share of the chart's height the volume bars take, under the candles. They share the candles' pane: a pane of
 * their own has its own canvases and price axis, and sizing and painting those made the screen's opening paint a
 * third longer at 4x CPU.
 */
const VOLUME_SHARE = 0.18;

interface Colors {
  up: string;
  down: string;
  warn: string;
  text: string;
  faint: string;
  border: string;
  surface: string;
  /** The moving averages' colours, in MA_PERIODS order. */
  ma: readonly string[];
  /** Volume bars: the up and down colours, see-through (they lie under the candles). */
  volumeUp: string;
  volumeDown: string;
}

/** A #rrggbb or #rgb colour with some transparency; any other colour as it is. */
function seeThrough(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The theme's colours, read from the CSS variables (so the chart follows dark and light). */
function readColors(): Colors {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = v("--up", "#1fbf75");
  const down = v("--down", "#f0506e");
  return { up, down, volumeUp: seeThrough(up, 0.45), volumeDown: seeThrough(down, 0.45), warn: v("--warn", "#f5b83d"), text: v("--text-2", "#a3adba"), faint: v("--text-3", "#6f7a88"), border: v("--border", "#2a323d"), surface: v("--surface-2", "#1d242d"), ma: [v("--ma5", "#f5b83d"), v("--ma10", "#5b8def"), v("--ma30", "#c86be0")] };
}

type Series = ReturnType<typeof chartSeries>;

/** The chart and its series, made once per interval, theme and precision. */
interface Drawing {
  chart: IChartApi;
  candles: ISeriesApi<"Candlestick">;
  averages: ISeriesApi<"Line">[];
  volume: ISeriesApi<"Histogram">;
  /** The series handed over last (a tick then updates its last candle only). */
  drawn: Series | null;
  /** The pinned tick's marker and price line, and which mark the view was opened for. */
  pin: { line: IPriceLine; markers: ISeriesMarkersPluginApi<Time> } | null;
  viewFor: string | null;
  /** What the chart is styled for. */
  style: Style;
}

interface Style {
  colors: Colors;
  precision: number;
  interval: KlineInterval;
}

const timeOf = (seconds: number) => seconds as UTCTimestamp;
/** The model's times are the library's (seconds since the epoch, UTC). */
const asChartData = <T,>(points: T[]) => points as unknown as (T & { time: UTCTimestamp })[];

const volumePoint = (bar: ChartVolume, colors: Colors) => ({ time: timeOf(bar.time), value: bar.value, color: bar.rising ? colors.volumeUp : colors.volumeDown });
const averagePoint = (time: number, value: number | null) => (value === null ? { time: timeOf(time) } : { time: timeOf(time), value });

/** Hands the whole series over (a new interval, a reload, an older candle changed). */
function setAll(drawing: Drawing, series: Series, colors: Colors): void {
  drawing.candles.setData(asChartData(series.ohlc));
  drawing.volume.setData(series.volumes.map((bar) => volumePoint(bar, colors)));
  drawing.averages.forEach((line, k) => line.setData(series.ma[k].map((value, i) => averagePoint(series.times[i], value))));
}

/**
 * Brings the chart to `series`: a tick moves the open candle or opens the next one, and only those candles are
 * updated; anything else (a new interval, a reload, an older candle corrected) is handed over whole.
 */
function draw(drawing: Drawing, series: Series, colors: Colors): void {
  const before = drawing.drawn;
  if (before === series) return;
  drawing.drawn = series;
  const n = series.times.length;
  if (before === null || !changedAtTheEnd(before.candles, series.candles)) return setAll(drawing, series, colors);
  // The candle before the open one may have been closed with a last change.
  for (let i = Math.max(0, before.times.length - 1); i < n; i++) {
    drawing.candles.update(asChartData([series.ohlc[i]])[0]);
    drawing.volume.update(volumePoint(series.volumes[i], colors));
    drawing.averages.forEach((line, k) => line.update(averagePoint(series.times[i], series.ma[k][i])));
  }
}

const markKey = (mark: ChartMark | null) => (mark ? `${mark.index}:${mark.price}:${mark.label}` : "");

/** Opens the view: on the latest candles, or around a marked tick, which it pins (a marker at its price, a line). */
function openView(drawing: Drawing, series: Series, mark: ChartMark | null, colors: Colors): void {
  const { chart, candles } = drawing;
  if (drawing.pin) {
    candles.removePriceLine(drawing.pin.line);
    drawing.pin.markers.detach();
    drawing.pin = null;
  }
  const marked = mark && series.times[mark.index] !== undefined ? mark : null;
  if (marked) {
    const price = Number(marked.price);
    const markers = createSeriesMarkers(candles, [{ time: timeOf(series.times[marked.index]), position: "atPriceMiddle", price, shape: "circle", color: colors.warn, size: 1.5 }]);
    const line = candles.createPriceLine({ price, color: colors.warn, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true, title: marked.label });
    drawing.pin = { line, markers };
  }
  showRange(chart, openingRange(series.times.length, marked?.index ?? null));
  drawing.viewFor = markKey(mark);
}

/**
 * Shows a logical range now and, when the chart has no width yet, again once it has one: the chart stays out of the
 * layout until its first candles are in, and a range set on a chart 0 px wide is lost when it gets its size (the
 * time scale keeps its right edge and bar spacing instead), which opened a pinned tick's chart on the wrong candles.
 */
export function showRange(chart: Pick<IChartApi, "timeScale">, range: { from: number; to: number }): void {
  const scale = chart.timeScale();
  scale.setVisibleLogicalRange(range);
  if (scale.width() > 0) return;
  const sized = (width: number) => {
    if (width <= 0) return;
    scale.unsubscribeSizeChange(sized);
    scale.setVisibleLogicalRange(range);
  };
  scale.subscribeSizeChange(sized);
}

/** Brings a chart to the latest candles; its first candles (or a new mark) open the view. */
function sync(drawing: Drawing | null, { series, mark, colors }: { series: Series | null; mark: ChartMark | null; colors: Colors }): void {
  if (!drawing || !series) return;
  const opening = drawing.drawn === null;
  draw(drawing, series, colors);
  if (opening || drawing.viewFor !== markKey(mark)) openView(drawing, series, mark, colors);
}

/** The chart's colours and time labels (the layout's font and sizes are set once, as it is made). */
const chartOptions = (colors: Colors, interval: KlineInterval) => ({
  grid: { vertLines: { visible: false }, horzLines: { color: colors.border } },
  crosshair: {
    mode: CrosshairMode.Normal,
    vertLine: { color: colors.faint, style: LineStyle.Dashed, labelBackgroundColor: colors.surface },
    horzLine: { color: colors.faint, style: LineStyle.Dashed, labelBackgroundColor: colors.surface },
  },
  // A price label the pane's top or bottom edge would cut in half is not drawn (issue 40: the top price clipped).
  rightPriceScale: { borderColor: colors.border, entireTextOnly: true },
  timeScale: {
    borderColor: colors.border,
    timeVisible: intervalSeconds(interval) < 86_400,
    secondsVisible: false,
    tickMarkFormatter: (time: Time) => axisLabel(time as number, interval),
  },
  localization: { timeFormatter: (time: Time) => candleTime(time as number, interval) },
});

const pricesFormat = (precision: number) => ({ type: "custom" as const, minMove: 1 / 10 ** precision, formatter: (value: number) => chartPrice(value, precision) });

const candleOptions = (colors: Colors, precision: number) => ({
  upColor: colors.up,
  downColor: colors.down,
  borderUpColor: colors.up,
  borderDownColor: colors.down,
  wickUpColor: colors.up,
  wickDownColor: colors.down,
  priceFormat: pricesFormat(precision),
});

const averageOptions = (colors: Colors, precision: number, k: number) => ({ color: colors.ma[k], priceFormat: pricesFormat(precision) });

/**
 * Styles the chart for a new interval, theme or precision. What it shows is drawn again (the volume bars carry
 * their colours) and the view opens afresh; a new interval's candles are cleared until they arrive.
 */
function restyle(drawing: Drawing | null, style: Style): void {
  if (!drawing) return;
  const before = drawing.style;
  if (before.colors === style.colors && before.precision === style.precision && before.interval === style.interval) return;
  drawing.style = style;
  drawing.chart.applyOptions({ ...chartOptions(style.colors, style.interval), layout: { textColor: style.colors.faint } });
  drawing.candles.applyOptions(candleOptions(style.colors, style.precision));
  drawing.averages.forEach((line, k) => line.applyOptions(averageOptions(style.colors, style.precision, k)));
  if (before.interval !== style.interval) {
    drawing.candles.setData([]);
    drawing.volume.setData([]);
    drawing.averages.forEach((line) => line.setData([]));
  }
  drawing.drawn = null;
  drawing.viewFor = null;
}

/** The chart and its series (candles, the averages, volume under them), styled for `style`. */
function makeChart(element: HTMLElement, style: Style, onCrosshair: (index: number | null) => void): Drawing {
  const { colors, precision, interval } = style;
  const chart = createChart(element, {
    ...chartOptions(colors, interval),
    autoSize: true,
    layout: {
      background: { color: "transparent" },
      textColor: colors.faint,
      fontSize: 10,
      fontFamily: getComputedStyle(element).fontFamily,
    },
    // A vertical swipe scrolls the page, not the price axis.
    handleScroll: { vertTouchDrag: false },
  });
  const candles = chart.addSeries(CandlestickSeries, { ...candleOptions(colors, precision), priceLineStyle: LineStyle.Dashed });
  const averages = MA_PERIODS.map((_, k) =>
    chart.addSeries(LineSeries, { ...averageOptions(colors, precision, k), lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }),
  );
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: "custom", minMove: 1, formatter: (value: number) => formatCompact(String(Math.round(value))) }, priceLineVisible: false, lastValueVisible: false, priceScaleId: "" },
  );
  // Volume keeps the bottom of the candles' pane on a scale of its own, and the candles stay above it.
  chart.priceScale("").applyOptions({ scaleMargins: { top: 1 - VOLUME_SHARE, bottom: 0 } });
  chart.priceScale("right").applyOptions({ scaleMargins: { top: 0.08, bottom: VOLUME_SHARE + 0.04 } });
  chart.subscribeCrosshairMove((param) => onCrosshair(param.point && param.logical !== undefined ? Math.round(param.logical) : null));
  return { chart, candles, averages, volume, drawn: null, pin: null, viewFor: null, style: { colors, precision, interval } };
}

/** The chart's opening, one step per task: made, then its first candles handed over and shown, then kept in sync. */
interface Opening {
  drawing: Drawing | null;
  /** The timer of the step on its way (0: none). */
  step: ReturnType<typeof setTimeout> | 0;
  shown: boolean;
}

type Latest = { current: Style & { series: Series | null; mark: ChartMark | null } };

/**
 * Takes the chart one step further. Making the chart, handing its first candles over and the render of their arrival
 * were one long task; each is now a task of its own. Until its first candles are in, the chart stays out of the
 * layout: with no size it has nothing to paint (an empty chart's first paint, sizing every canvas and the axes, cost
 * nearly as much as a full one). From then on candles go through `sync`: a tick updates the end only, so zoom and
 * pan survive.
 */
function advance(state: Opening, host: HTMLDivElement, latest: Latest, onCrosshair: (index: number | null) => void): void {
  if (state.step) return;
  if (state.shown) return sync(state.drawing, latest.current);
  if (state.drawing && !latest.current.series) return;
  state.step = setTimeout(() => {
    state.step = 0;
    if (!state.drawing) {
      state.drawing = makeChart(host, latest.current, onCrosshair);
      return advance(state, host, latest, onCrosshair);
    }
    sync(state.drawing, latest.current);
    state.shown = true;
    host.dataset.shown = "true";
  });
}

/** `mark` pins a recorded tick on its candle, opens the view around it and shows its candle in the readout. */
export const KlineChart = memo(function KlineChart({ candles, precision, interval, mark = null }: { candles: Candle[] | undefined; precision: number; interval: KlineInterval; mark?: ChartMark | null }) {
  const theme = useAtomValue(themeAtom);
  // The colours are CSS variables the theme switches: read again when it changes.
  const colors = useMemo(readColors, [theme]);
  const [hover, setHover] = useState<number | null>(null);
  const host = useRef<HTMLDivElement | null>(null);
  const opening = useRef<Opening>({ drawing: null, step: 0, shown: false });
  const series = useMemo(() => (candles && candles.length > 0 ? chartSeries(candles) : null), [candles]);
  const latest = useRef({ series, mark, colors, precision, interval });
  latest.current = { series, mark, colors, precision, interval };
  const hasData = series !== null;

  useEffect(() => {
    const state = opening.current;
    const element = host.current;
    if (element) advance(state, element, latest, setHover);
    return () => {
      clearTimeout(state.step);
      state.drawing?.chart.remove();
      Object.assign(state, { drawing: null, step: 0, shown: false });
    };
  }, []);

  // A new interval, theme or precision restyles the chart it has (making another costs a long task).
  useLayoutEffect(() => {
    const state = opening.current;
    restyle(state.drawing, { colors, precision, interval });
    if (state.shown) sync(state.drawing, latest.current);
  }, [colors, precision, interval]);

  const pinned = markKey(mark);
  useEffect(() => {
    if (host.current) advance(opening.current, host.current, latest, setHover);
  }, [series, pinned]);
  useEffect(() => setHover(null), [interval]);

  const resting = mark && candles?.[mark.index] ? mark.index : (candles?.length ?? 0) - 1;
  const shown = candles && candles.length > 0 ? (hover !== null && candles[hover] ? hover : resting) : null;
  return (
    <>
      <Readout candles={candles} index={shown} precision={precision} interval={interval} ma={series?.ma ?? null} />
      <div className="kline-chart" data-testid="kline-chart">
        <div ref={host} className="kline-chart__host" />
        {!hasData && (
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
