/**
 * The candlestick chart: candles, volume, MA5/MA10/MA30, a crosshair whose candle the OHLC readout shows, zoom and
 * pan (pinch and drag, plus a slider). Only the echarts parts drawn here are registered, and only this file imports
 * echarts, so echarts ships in the chart route's lazy chunk and nowhere else.
 *
 * Speed (issue 16: 5,000 candles painted in under 100 ms, `npm run bench -- chart`): the series are plain number
 * arrays (`chartSeries`), the instance is made here with its first option in the same layout pass (no wrapper's
 * throw-away instance and extra frame), that option already holds the candles (they are not set a second time), and
 * the dataZoom window means only the candles in view are laid out and drawn.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import * as echarts from "echarts/core";
import type { EChartsType } from "echarts/core";
import { BarChart, CandlestickChart, LineChart } from "echarts/charts";
import { AxisPointerComponent, DataZoomComponent, GridComponent, MarkLineComponent, MarkPointComponent, TooltipComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";
import { themeAtom, useAtomValue } from "@/shared/state/store";
import { formatDateTime } from "@/shared/i18n/format";
import { Spinner } from "@/shared/ui/feedback";
import { chartSeries, intervalSeconds, MA_PERIODS, type VolumeBar } from "../model/candles";
import { signOf, subtractDecimal, toFixedPoint } from "@/shared/lib/decimal";
import { formatChange, formatPrice, formatVolume } from "../model/format";
import type { Candle, KlineInterval } from "../model/types";

echarts.use([CandlestickChart, BarChart, LineChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomComponent, MarkLineComponent, MarkPointComponent, CanvasRenderer]);

/** How many of the loaded candles show at first; the rest are a pinch or a drag away. */
const FIRST_VIEW_CANDLES = 80;
/** Candles shown either side of a marked tick. */
const MARK_VIEW_HALF = 30;

/** A recorded tick to mark (a fill, trigger, liquidation or settlement): its candle's index and its price. */
export interface ChartMark {
  index: number;
  price: string;
  label: string;
}

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
}

/** The theme's colours, read from the CSS variables (so the chart follows dark and light). */
function readColors(): Colors {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { up: v("--up", "#1fbf75"), down: v("--down", "#f0506e"), warn: v("--warn", "#f5b83d"), text: v("--text-2", "#a3adba"), faint: v("--text-3", "#6f7a88"), border: v("--border", "#2a323d"), surface: v("--surface-2", "#1d242d"), ma: [v("--ma5", "#f5b83d"), v("--ma10", "#5b8def"), v("--ma30", "#c86be0")] };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A chart number (axis value, moving average) as a price with the pair's precision. */
const chartPrice = (value: number, precision: number) => (Number.isFinite(value) ? formatPrice(value.toFixed(Math.min(precision + 1, 20)), precision) : "-");

/** Axis labels: the time of day for intraday candles, the date for daily and weekly ones. */
function axisLabel(seconds: number, interval: KlineInterval): string {
  const d = new Date(seconds * 1000);
  if (intervalSeconds(interval) >= 86_400) return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The readout's time: down to the minute intraday, the date for daily and weekly candles. */
function candleTime(seconds: number, interval: KlineInterval): string {
  const text = formatDateTime(seconds);
  return intervalSeconds(interval) >= 86_400 ? text.slice(0, 10) : text.slice(0, 16);
}

type Series = ReturnType<typeof chartSeries>;

/** The marked tick: a pin at its price on its candle, a line at its time and one at its price. */
function tickMarks(mark: ChartMark, colors: Colors) {
  const price = Number(mark.price);
  return {
    markPoint: {
      silent: true,
      symbol: "pin",
      symbolSize: 34,
      itemStyle: { color: colors.warn },
      label: { show: false },
      data: [{ coord: [mark.index, price] }],
    },
    markLine: {
      silent: true,
      symbol: "none",
      lineStyle: { type: "dashed", width: 1, color: colors.warn },
      data: [{ xAxis: mark.index, label: { show: false } }, { yAxis: price, label: { position: "end", formatter: () => mark.label, color: "#111", backgroundColor: colors.warn, padding: [2, 4], borderRadius: 2, fontSize: 10 } }],
    },
  };
}

function seriesData(series: Series, colors: Colors, precision: number, mark: ChartMark | null) {
  const lastClose = series.ohlc.at(-1)?.[1];
  return [
    {
      data: series.ohlc,
      markPoint: { data: [] as unknown[] },
      markLine:
        lastClose === undefined
          ? { data: [] }
          : {
              silent: true,
              symbol: "none",
              data: [{ yAxis: lastClose }],
              lineStyle: { type: "dashed", width: 1, color: colors.faint },
              label: { position: "end", formatter: () => chartPrice(lastClose, precision), color: "#fff", backgroundColor: colors.faint, padding: [2, 4], borderRadius: 2, fontSize: 10 },
            },
      ...(mark ? tickMarks(mark, colors) : {}),
    },
    ...series.ma.map((data) => ({ data })),
    { data: series.volumes },
  ];
}

/** The first view in percent of the loaded candles: the latest ones, or those around a marked tick. */
function firstView(count: number, mark: ChartMark | null): { start: number; end: number } {
  if (mark) {
    const from = Math.max(0, mark.index - MARK_VIEW_HALF);
    const to = Math.min(count, mark.index + MARK_VIEW_HALF + 1);
    return { start: (from / count) * 100, end: (to / count) * 100 };
  }
  return { start: count > FIRST_VIEW_CANDLES ? 100 - (FIRST_VIEW_CANDLES / count) * 100 : 0, end: 100 };
}

function buildOption(series: Series, colors: Colors, precision: number, interval: KlineInterval, mark: ChartMark | null) {
  const { start, end } = firstView(series.times.length, mark);
  const categoryLabels = { color: colors.faint, fontSize: 10, formatter: (value: string) => axisLabel(Number(value), interval) };
  const priceLabel = (value: number) => chartPrice(value, precision);
  return {
    animation: false,
    backgroundColor: "transparent",
    textStyle: { fontFamily: "inherit" },
    // Candles take what the volume bars, the time labels and the slider leave (the box follows the screen's height).
    grid: [
      { left: 8, right: 66, top: 8, bottom: 150 },
      { left: 8, right: 66, bottom: 58, height: 72 },
    ],
    axisPointer: { link: [{ xAxisIndex: "all" }], label: { backgroundColor: colors.surface, color: colors.text, fontSize: 10 } },
    tooltip: { trigger: "axis", showContent: false, axisPointer: { type: "cross", lineStyle: { color: colors.faint, type: "dashed" }, crossStyle: { color: colors.faint } } },
    xAxis: [
      {
        type: "category",
        data: series.times,
        boundaryGap: true,
        axisLine: { lineStyle: { color: colors.border } },
        axisTick: { show: false },
        axisLabel: { show: false },
        splitLine: { show: false },
        axisPointer: { label: { show: false } },
      },
      {
        type: "category",
        gridIndex: 1,
        data: series.times,
        boundaryGap: true,
        axisLine: { lineStyle: { color: colors.border } },
        axisTick: { show: false },
        axisLabel: categoryLabels,
        axisPointer: { label: { formatter: ({ value }: { value: string | number }) => candleTime(Number(value), interval) } },
      },
    ],
    yAxis: [
      {
        scale: true,
        position: "right",
        splitNumber: 5,
        axisLine: { show: false },
        axisLabel: { color: colors.faint, fontSize: 10, formatter: priceLabel },
        splitLine: { lineStyle: { color: colors.border, opacity: 0.6 } },
        axisPointer: { label: { formatter: ({ value }: { value: number }) => priceLabel(value) } },
      },
      {
        scale: true,
        gridIndex: 1,
        position: "right",
        splitNumber: 2,
        axisLine: { show: false },
        // The readout shows the volume; labels here would collide with the price axis's lowest label.
        axisLabel: { show: false },
        splitLine: { show: false },
        axisPointer: { label: { formatter: ({ value }: { value: number }) => formatVolume(String(Math.round(value))) } },
      },
    ],
    dataZoom: [
      { type: "inside", xAxisIndex: [0, 1], start, end, minValueSpan: 12 },
      {
        type: "slider",
        xAxisIndex: [0, 1],
        start,
        end,
        bottom: 8,
        height: 24,
        borderColor: colors.border,
        fillerColor: "rgba(47, 198, 168, 0.12)",
        handleStyle: { color: colors.surface, borderColor: colors.faint },
        moveHandleStyle: { color: colors.faint },
        textStyle: { color: colors.faint, fontSize: 10 },
        labelFormatter: (_: number, value: string) => axisLabel(Number(value), interval),
        dataBackground: { lineStyle: { color: colors.faint }, areaStyle: { color: colors.surface } },
        brushSelect: false,
      },
    ],
    series: [
      {
        name: "K",
        type: "candlestick",
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
        barMaxWidth: 14,
        ...seriesData(series, colors, precision, mark)[0],
      },
      ...MA_PERIODS.map((period, i) => ({
        name: `MA${period}`,
        type: "line",
        data: series.ma[i],
        showSymbol: false,
        smooth: true,
        lineStyle: { width: 1, color: colors.ma[i] },
        itemStyle: { color: colors.ma[i] },
        connectNulls: false,
      })),
      {
        name: "Volume",
        type: "bar",
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: series.volumes,
        encode: { x: 0, y: 1 },
        barMaxWidth: 14,
        itemStyle: { color: ({ data }: { data: VolumeBar }) => (data[2] > 0 ? colors.up : colors.down) },
      },
    ],
  };
}

/** `mark` pins a recorded tick on its candle, opens the view around it and shows its candle in the readout. */
export const KlineChart = memo(function KlineChart({ candles, precision, interval, mark = null }: { candles: Candle[] | undefined; precision: number; interval: KlineInterval; mark?: ChartMark | null }) {
  const theme = useAtomValue(themeAtom);
  // The colours are CSS variables the theme switches: read again when it changes.
  const colors = useMemo(readColors, [theme]);
  const [hover, setHover] = useState<number | null>(null);
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<EChartsType | null>(null);
  /** The series the chart holds, so the same candles are never handed to echarts twice. */
  const drawn = useRef<Series | null>(null);
  const series = useMemo(() => (candles && candles.length > 0 ? chartSeries(candles) : null), [candles]);
  const latest = useRef({ series, colors, precision, mark });
  latest.current = { series, colors, precision, mark };

  // The first option of an interval (and theme) sets the zoom; later candles go through setOption without
  // dataZoom, so the user's zoom and pan survive every tick.
  const hasData = series !== null;
  const first = useMemo(
    () => (latest.current.series ? { series: latest.current.series, option: buildOption(latest.current.series, colors, precision, interval, latest.current.mark) } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- built once per interval/theme/mark (the zoom); later candles go through push()
    [hasData, colors, precision, interval, mark?.index, mark?.price],
  );

  const push = useCallback(() => {
    const { series: current, colors: c, precision: p, mark: m } = latest.current;
    if (!chart.current || !current || current === drawn.current) return;
    drawn.current = current;
    chart.current.setOption({ xAxis: [{ data: current.times }, { data: current.times }], series: seriesData(current, c, p, m) }, { lazyUpdate: true });
  }, []);

  // One instance per first option, made before the browser paints so the chart shows in the readout's frame.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element || !first) return;
    const instance = echarts.init(element, null, { renderer: "canvas" });
    instance.setOption(first.option);
    drawn.current = first.series;
    chart.current = instance;
    instance.on("updateAxisPointer", (event) => {
      const x = (event as { axesInfo?: { axisDim: string; value: number }[] }).axesInfo?.find((info) => info.axisDim === "x");
      setHover(x ? Number(x.value) : null);
    });
    instance.on("globalout", () => setHover(null));
    // The box follows the screen's height; resize only on a real change (a resize lays the whole chart out again).
    const resize = new ResizeObserver(() => {
      if (element.clientWidth !== instance.getWidth() || element.clientHeight !== instance.getHeight()) instance.resize();
    });
    resize.observe(element);
    push();
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
      drawn.current = null;
    };
  }, [first, push]);
  useEffect(push, [series, push]);
  useEffect(() => setHover(null), [interval]);

  const resting = mark && candles?.[mark.index] ? mark.index : (candles?.length ?? 0) - 1;
  const shown = candles && candles.length > 0 ? (hover !== null && candles[hover] ? hover : resting) : null;
  return (
    <>
      <Readout candles={candles} index={shown} precision={precision} interval={interval} ma={series?.ma ?? null} />
      <div className="kline-chart" data-testid="kline-chart">
        {first ? (
          // Its own key: echarts empties this box when disposed, so React must never reuse it for the spinner.
          <div key="echarts" ref={host} style={{ height: "100%", width: "100%" }} />
        ) : (
          <div key="empty" className="kline-chart__empty">
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

/** The OHLC readout: the crosshair's candle, or the latest one. A fixed three-line block, so nothing below moves. */
function Readout({ candles, index, precision, interval, ma }: { candles: Candle[] | undefined; index: number | null; precision: number; interval: KlineInterval; ma: (number | null)[][] | null }) {
  const { t } = useLingui();
  const c = index !== null && candles ? candles[index] : null;
  if (!c) return <div className="ohlc" data-testid="ohlc" aria-hidden="true" />;
  const change = toFixedPoint(c.o) ? percentChange(c.o, c.c) : null;
  const tone = signOf(subtractDecimal(c.c, c.o)) >= 0 ? "up" : "down";
  const price = (v: string) => formatPrice(v, precision);
  return (
    <div className="ohlc" data-testid="ohlc" aria-live="off">
      <span>{candleTime(c.t, interval)}</span>
      {change !== null && <b className={tone}>{formatChange(change)}</b>}
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
        {t`V`} <b>{formatVolume(c.v)}</b>
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

/** (close - open) / open x 100 on the digits, to 4 places (the readout shows 2). */
function percentChange(open: string, close: string): string | null {
  const o = toFixedPoint(open);
  const c = toFixedPoint(close);
  if (!o || c === null) return null;
  const basisPoints = ((c - o) * 1_000_000n) / o; // percent x 10^4
  const negative = basisPoints < 0n;
  const abs = negative ? -basisPoints : basisPoints;
  return `${negative ? "-" : ""}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, "0")}`;
}
