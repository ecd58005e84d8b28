/**
 * The chart adapter: the only file importing echarts, loaded by `kline-chart.tsx` after the chart screen's first
 * paint, so echarts ships in a chunk of its own that only the chart screens load. Only the parts drawn are
 * registered (candles, bars, lines, the grid, inside zoom, the pointer, the two markers, the canvas renderer).
 *
 * Live data: the candles are handed over whole once per interval or reload (`dataOption`); a tick sends the series'
 * data only (`tickOption`: no axes, no window, no animation), and however many ticks arrive in a frame, the chart
 * gets one `setOption` in the next animation frame. The window stays between MIN and MAX_VIEW_CANDLES wide, so a
 * frame's drawing is bounded whatever the length of the list.
 */
import { memo, useEffect, useMemo, useRef } from "react";
import ReactEChartsCore from "echarts-for-react/esm/core";
import * as echarts from "echarts/core";
import { BarChart, CandlestickChart, LineChart } from "echarts/charts";
import { DataZoomInsideComponent, GridComponent, MarkLineComponent, MarkPointComponent, TooltipComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";
import { dataOption, openingView, styleOption, tickOption, viewFromPercent, type ChartMark, type ChartStyle, type KlineOption, type Series, type View } from "../model/kline-option";

echarts.use([CandlestickChart, BarChart, LineChart, GridComponent, DataZoomInsideComponent, TooltipComponent, MarkLineComponent, MarkPointComponent, CanvasRenderer]);

const markKey = (mark: ChartMark | null) => (mark ? `${mark.index}:${mark.price}:${mark.label}` : "");
const OPTS = { renderer: "canvas" } as const;
const HOST_STYLE = { height: "100%", width: "100%" };
/** Data updates never merge into the axes' or the window's state by accident: only what is named changes. */
const QUIET = { lazyUpdate: false, silent: true } as const;
const EMPTY: KlineOption = { xAxis: { data: [] }, series: [{ id: "candles", data: [], markLine: { data: [] }, markPoint: { data: [] } }, { id: "ma5", data: [] }, { id: "ma10", data: [] }, { id: "ma30", data: [] }, { id: "volume", data: [] }] };

interface Drawn {
  series: Series | null;
  mark: string;
  style: ChartStyle | null;
  view: View;
}

type Props = { series: Series | null; mark: ChartMark | null; style: ChartStyle; onCrosshair: (index: number | null) => void };

/** The candles, the averages and volume on one echarts instance, made once and kept across intervals. */
const EchartsKline = memo(function EchartsKline({ series, mark, style, onCrosshair }: Props) {
  const chart = useRef<echarts.EChartsType | null>(null);
  const drawn = useRef<Drawn>({ series: null, mark: "", style: null, view: { start: 0, end: 0 } });
  const frame = useRef(0);
  const latest = useRef({ series, mark, style });
  latest.current = { series, mark, style };
  const crosshair = useRef(onCrosshair);
  crosshair.current = onCrosshair;

  /** Brings the chart to the latest props: a tick's data when it is one, everything otherwise. */
  const draw = useRef(() => {
    const instance = chart.current;
    if (!instance || instance.isDisposed()) return;
    const { series: next, mark: nextMark, style: nextStyle } = latest.current;
    const state = drawn.current;
    const key = markKey(nextMark);
    if (state.series === next && state.mark === key && state.style === nextStyle) return;
    if (!next) {
      instance.setOption(EMPTY, QUIET);
      Object.assign(state, { series: null, mark: key, style: nextStyle });
      return;
    }
    const tick = state.series && state.mark === key && state.style === nextStyle ? tickOption(state.series, next, nextMark, nextStyle, state.view) : null;
    if (tick) {
      instance.setOption(tick.option, QUIET);
      state.view = tick.view;
    } else {
      // New candles (or a new mark, interval, theme): the opening window, on the latest candles or the pinned one.
      const view = openingView(next.times.length, nextMark && next.times[nextMark.index] !== undefined ? nextMark.index : null);
      instance.setOption(dataOption(next, nextMark, nextStyle, view), QUIET);
      state.view = view;
    }
    Object.assign(state, { series: next, mark: key, style: nextStyle });
  });

  /** One draw per animation frame, whatever the number of ticks in it. */
  const schedule = useRef(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      draw.current();
    });
  });

  const pinned = markKey(mark);
  useEffect(() => schedule.current(), [series, pinned, style]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const option = useMemo(() => styleOption(style), [style]);
  const events = useMemo(
    () => ({
      // The pointer's candle goes to the readout; off the chart, the readout shows the resting candle again.
      updateAxisPointer: (event: { axesInfo?: { axisDim: string; value: number }[] }) => {
        const x = event.axesInfo?.find((info) => info.axisDim === "x");
        crosshair.current(x ? Math.round(x.value) : null);
      },
      globalout: () => crosshair.current(null),
      // The user's zoom and pan: kept so that a new candle moves the window along only when it showed the latest.
      datazoom: (event: { start?: number; end?: number; batch?: { start?: number; end?: number }[] }) => {
        const zoom = event.batch?.[0] ?? event;
        const count = drawn.current.series?.times.length ?? 0;
        if (zoom.start !== undefined && zoom.end !== undefined) drawn.current.view = viewFromPercent(count, zoom.start, zoom.end);
      },
    }),
    [],
  );
  const ready = useMemo(
    () => (instance: echarts.EChartsType) => {
      chart.current = instance;
      schedule.current();
    },
    [],
  );

  return <ReactEChartsCore echarts={echarts} option={option} opts={OPTS} style={HOST_STYLE} className="kline-chart__host" data-shown="true" onEvents={events} onChartReady={ready} />;
});

export default EchartsKline;
