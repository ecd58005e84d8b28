import type { ComposeOption } from "echarts/core";
import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from "echarts/charts";
import type { DataZoomComponentOption, GridComponentOption, MarkLineComponentOption, MarkPointComponentOption, TooltipComponentOption } from "echarts/components";
import { changedAtTheEnd, chartSeries, MA_PERIODS, openingRange, type ChartMark } from "./candles";

export type { ChartMark } from "./candles";

/**
 * The kline's echarts options, as plain data (no echarts code runs here, so the tests read them without a canvas).
 * Three kinds: the style (`styleOption`: axes, colours, formatters, set when the interval, theme or precision
 * changes), the whole data (`dataOption`: every series and the view window, set when the candles are new), and a
 * tick (`tickOption`: the series' data only, when the open candle moved or the next one opened). A tick never lays
 * the axes or the window out again (that was the long task of the first echarts chart).
 */

export type KlineOption = ComposeOption<
  CandlestickSeriesOption | BarSeriesOption | LineSeriesOption | GridComponentOption | DataZoomComponentOption | TooltipComponentOption | MarkLineComponentOption | MarkPointComponentOption
>;

export type Series = ReturnType<typeof chartSeries>;

/** The share of the chart's height the volume bars take, under the candles (same grid, a scale of their own). */
export const VOLUME_SHARE = 0.18;
/** The window: never fewer candles than this (a pinch cannot zoom into nothing)... */
export const MIN_VIEW_CANDLES = 12;
/** ...nor more (what a frame draws stays bounded however far the user zooms out). */
export const MAX_VIEW_CANDLES = 240;

export interface ChartColors {
  up: string;
  down: string;
  warn: string;
  faint: string;
  border: string;
  surface: string;
  /** The moving averages' colours, in MA_PERIODS order. */
  ma: readonly string[];
  volumeUp: string;
  volumeDown: string;
}

export interface ChartStyle {
  colors: ChartColors;
  /** Axis and pointer labels: a price as the pair shows it, a candle's open time (axis and readout forms). */
  price: (value: number) => string;
  axisTime: (seconds: number) => string;
  pointerTime: (seconds: number) => string;
}

/** The window shown, in candle indexes (both ends included). */
export interface View {
  start: number;
  end: number;
}

const ids = { candles: "candles", volume: "volume", ma: (period: number) => `ma${period}` };

/** The opening window: the latest candles, or centred on a marked one, inside the list. */
export function openingView(count: number, markIndex: number | null): View {
  const { from, to } = openingRange(count, markIndex);
  return { start: Math.max(0, from), end: Math.max(0, Math.min(count - 1, to)) };
}

/** The window a zoom event leaves, from its percentages of the whole axis. */
export function viewFromPercent(count: number, start: number, end: number): View {
  const last = Math.max(0, count - 1);
  return { start: Math.round((start / 100) * last), end: Math.round((end / 100) * last) };
}

/** The axes, grid, pointer, window limits and series styles: everything but the data. */
export function styleOption({ colors, price, axisTime, pointerTime }: ChartStyle): KlineOption {
  const dashed = { color: colors.faint, type: "dashed" as const, width: 1 };
  const label = { color: colors.faint, fontSize: 10 };
  const pointerLabel = { backgroundColor: colors.surface, color: colors.faint, fontSize: 10, padding: [3, 4] };
  return {
    // A tick draws at once: an animation would keep the chart drawing between ticks.
    animation: false,
    // The axis labels stay inside the canvas ("00:00" at the edge, the top price): the grid shrinks around them.
    grid: { left: 4, right: 4, top: 14, bottom: 4, outerBoundsMode: "same", outerBoundsContain: "axisLabel" },
    xAxis: {
      type: "category",
      boundaryGap: true,
      axisLine: { lineStyle: { color: colors.border } },
      axisTick: { show: false },
      axisLabel: { ...label, formatter: (value: string) => axisTime(Number(value)), hideOverlap: true, alignMinLabel: "left", alignMaxLabel: "right" },
      splitLine: { show: false },
      axisPointer: { label: { ...pointerLabel, formatter: ({ value }: { value: unknown }) => pointerTime(Number(value)) } },
    },
    yAxis: [
      {
        type: "value",
        position: "right",
        scale: true,
        splitNumber: 4,
        // The candles keep above the volume bars, with a little room at the top.
        min: ({ min, max }: { min: number; max: number }) => min - ((max - min) / (1 - VOLUME_SHARE - 0.12)) * (VOLUME_SHARE + 0.04),
        max: ({ min, max }: { min: number; max: number }) => max + ((max - min) / (1 - VOLUME_SHARE - 0.12)) * 0.08,
        axisLine: { show: false },
        axisLabel: { ...label, formatter: (value: number) => price(value), showMinLabel: false, showMaxLabel: false },
        splitLine: { lineStyle: { color: colors.border } },
        axisPointer: { label: { ...pointerLabel, formatter: ({ value }: { value: unknown }) => price(Number(value)) } },
      },
      { type: "value", show: false, min: 0, max: ({ max }: { max: number }) => max / VOLUME_SHARE, axisPointer: { show: false } },
    ],
    // Pinch and drag zoom and pan the candles; the window stays between MIN and MAX candles wide.
    dataZoom: [{ type: "inside", xAxisIndex: 0, filterMode: "filter", minValueSpan: MIN_VIEW_CANDLES, maxValueSpan: MAX_VIEW_CANDLES, zoomOnMouseWheel: true, moveOnMouseMove: true }],
    // The pointer's candle shows in the readout above the chart, not in a floating box.
    tooltip: { trigger: "axis", showContent: false, axisPointer: { type: "cross", lineStyle: dashed, crossStyle: dashed } },
    series: [
      {
        id: ids.candles,
        type: "candlestick",
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
        barMaxWidth: 14,
      },
      ...MA_PERIODS.map((period, k): LineSeriesOption => ({
        id: ids.ma(period),
        type: "line",
        symbol: "none",
        silent: true,
        lineStyle: { width: 1, color: colors.ma[k] },
      })),
      {
        id: ids.volume,
        type: "bar",
        yAxisIndex: 1,
        silent: true,
        barMaxWidth: 14,
        // The colour rides on the data item ([index, volume, 1 rising or 0 falling]), so a tick's data carries it.
        itemStyle: { color: ({ value }: { value: unknown }) => ((value as number[])[2] ? colors.volumeUp : colors.volumeDown) },
      },
    ],
  };
}

type CandleItem = [number, number, number, number];

/** The series' data, as echarts reads them: [open, close, low, high] candles, [index, volume, rising] bars. */
function seriesData(series: Series) {
  const candles = series.ohlc.map((c): CandleItem => [c.open, c.close, c.low, c.high]);
  const volumes = series.volumes.map((v, i) => [i, v.value, v.rising ? 1 : 0]);
  return { candles, volumes, ma: series.ma };
}

/** The last price's line (a dashed line in the last candle's colour, its price on the axis) and the pinned tick's. */
function markers(series: Series, mark: ChartMark | null, style: ChartStyle): Pick<CandlestickSeriesOption, "markLine" | "markPoint"> {
  const { colors } = style;
  const last = series.ohlc.at(-1);
  const lines: NonNullable<MarkLineComponentOption["data"]> = [];
  if (last) {
    const tone = last.close >= last.open ? colors.up : colors.down;
    lines.push({ yAxis: last.close, lineStyle: { color: tone, type: "dashed" }, label: { formatter: () => style.price(last.close), backgroundColor: tone } });
  }
  const pinned = mark && series.times[mark.index] !== undefined ? mark : null;
  if (pinned) lines.push({ yAxis: Number(pinned.price), lineStyle: { color: colors.warn, type: "dashed" }, label: { formatter: () => pinned.label, backgroundColor: colors.warn } });
  return {
    markLine: { silent: true, symbol: ["none", "none"], animation: false, label: { position: "end", color: "#fff", fontSize: 10, padding: [2, 3], borderRadius: 2 }, data: lines },
    markPoint: {
      silent: true,
      animation: false,
      data: pinned ? [{ name: "tick", coord: [pinned.index, Number(pinned.price)], symbol: "circle", symbolSize: 9, itemStyle: { color: colors.warn, borderColor: "#fff", borderWidth: 1 }, label: { show: false } }] : [],
    },
  };
}

/** Every series' data and the markers: a new interval, a reload, an older candle corrected. The window is `view`. */
export function dataOption(series: Series, mark: ChartMark | null, style: ChartStyle, view: View): KlineOption {
  const data = seriesData(series);
  return {
    xAxis: { data: series.times.map(String) },
    dataZoom: [{ startValue: view.start, endValue: view.end }],
    series: [
      { id: ids.candles, data: data.candles, ...markers(series, mark, style) },
      ...MA_PERIODS.map((period, k) => ({ id: ids.ma(period), data: data.ma[k] })),
      { id: ids.volume, data: data.volumes },
    ],
  };
}

/**
 * A tick's update, or null when `next` is not a tick of `before` (then the data is handed over whole): the series'
 * data only (the candles with the last price's line, the averages, the volume). A tick that opens the next candle
 * adds its category, and moves the window along when it showed the latest candle.
 */
export function tickOption(before: Series, next: Series, mark: ChartMark | null, style: ChartStyle, view: View): { option: KlineOption; view: View } | null {
  if (!changedAtTheEnd(before.candles, next.candles)) return null;
  const added = next.times.length - before.times.length;
  const data = seriesData(next);
  const option: KlineOption = {
    series: [
      { id: ids.candles, data: data.candles, markLine: markers(next, mark, style).markLine },
      ...MA_PERIODS.map((period, k) => ({ id: ids.ma(period), data: data.ma[k] })),
      { id: ids.volume, data: data.volumes },
    ],
  };
  if (added === 0) return { option, view };
  const following = view.end >= before.times.length - 1;
  const moved = following ? { start: view.start + added, end: view.end + added } : view;
  option.xAxis = { data: next.times.map(String) };
  if (following) option.dataZoom = [{ startValue: moved.start, endValue: moved.end }];
  return { option, view: moved };
}
