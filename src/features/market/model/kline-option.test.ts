/** The echarts kline's options (`ui/kline-echarts.tsx` draws them): the opening view, a tick's update, the bounds. */
import { describe, expect, it } from "vitest";
import { chartSeries, FIRST_VIEW_CANDLES, mergeCandle } from "./candles";
import { dataOption, MAX_VIEW_CANDLES, openingView, styleOption, tickOption, viewFromPercent, type ChartStyle } from "./kline-option";
import type { Candle } from "./types";

const colors = { up: "#0a0", down: "#a00", warn: "#fa0", faint: "#777", border: "#333", surface: "#222", ma: ["#1", "#2", "#3"], volumeUp: "#0a08", volumeDown: "#a008" };
const style: ChartStyle = { colors, price: (v) => v.toFixed(2), axisTime: (s) => `t${s}`, pointerTime: (s) => `p${s}` };

const candle = (i: number, close = 100 + i): Candle => ({ t: 1_700_000_000 + i * 60, o: String(100 + i), h: String(close + 2), l: String(99 + i), c: String(close), v: "5" });
const list = (n: number) => Array.from({ length: n }, (_, i) => candle(i));
type Item = { id?: string; data?: unknown[]; markLine?: { data?: { yAxis?: number }[] }; markPoint?: { data?: { coord?: number[] }[] } };
const seriesOf = (option: { series?: unknown }) => option.series as Item[];
const byId = (option: { series?: unknown }, id: string) => seriesOf(option).find((s) => s.id === id)!;

describe("the chart's opening view", () => {
  it("opens on the latest candles, inside the list, with the window in the data option (not in the canvas's size)", () => {
    expect(openingView(500, null)).toEqual({ start: 500 - FIRST_VIEW_CANDLES, end: 499 });
    expect(openingView(20, null)).toEqual({ start: 0, end: 19 });
    const series = chartSeries(list(500));
    expect(dataOption(series, null, style, openingView(500, null)).dataZoom).toEqual([{ startValue: 420, endValue: 499 }]);
  });

  it("opens around a pinned tick, and marks it on its candle at its price with its line", () => {
    const series = chartSeries(list(160));
    const mark = { index: 80, price: "180.5", label: "180.50" };
    const view = openingView(160, mark.index);
    expect(view).toEqual({ start: 50, end: 110 });
    const candles = byId(dataOption(series, mark, style, view), "candles");
    expect(candles.markPoint!.data![0].coord).toEqual([80, 180.5]);
    // The last price's line and the pinned tick's.
    expect(candles.markLine!.data!.map((line) => line.yAxis)).toEqual([259, 180.5]);
  });

  it("bounds the window, draws without animation and keeps the axis labels inside the canvas", () => {
    const option = styleOption(style);
    expect(option.animation).toBe(false);
    expect(option.dataZoom).toEqual([expect.objectContaining({ type: "inside", maxValueSpan: MAX_VIEW_CANDLES })]);
    expect(option.grid).toEqual(expect.objectContaining({ outerBoundsMode: "same", outerBoundsContain: "axisLabel" }));
    // The first and last time labels ("00:00") align inward instead of hanging over the edges.
    expect(option.xAxis).toEqual(expect.objectContaining({ axisLabel: expect.objectContaining({ alignMinLabel: "left", alignMaxLabel: "right", hideOverlap: true }) }));
  });
});

describe("a live tick", () => {
  const before = chartSeries(list(300));
  const view = openingView(300, null);

  it("moving the open candle sends the series' data only, the last candle and its volume changed", () => {
    const next = chartSeries(mergeCandle(before.candles, candle(299, 420)));
    const tick = tickOption(before, next, null, style, view)!;
    expect(Object.keys(tick.option)).toEqual(["series"]);
    expect(tick.view).toBe(view);
    expect(byId(tick.option, "candles").data!.at(-1)).toEqual([399, 420, 398, 422]);
    expect(byId(tick.option, "candles").data!.length).toBe(300);
    expect(byId(tick.option, "volume").data!.at(-1)).toEqual([299, 5, 1]);
    expect(byId(tick.option, "candles").markLine!.data![0].yAxis).toBe(420);
  });

  it("opening the next candle adds its time and moves the window along when it showed the latest", () => {
    const next = chartSeries(mergeCandle(before.candles, candle(300)));
    const tick = tickOption(before, next, null, style, view)!;
    expect((tick.option.xAxis as { data: string[] }).data.at(-1)).toBe(String(1_700_000_000 + 300 * 60));
    expect(tick.view).toEqual({ start: view.start + 1, end: view.end + 1 });
    expect(tick.option.dataZoom).toEqual([{ startValue: view.start + 1, endValue: view.end + 1 }]);
    // Scrolled back into the past, the window stays where the user left it.
    const back = viewFromPercent(300, 10, 40);
    const still = tickOption(before, next, null, style, back)!;
    expect(still.view).toEqual(back);
    expect(still.option.dataZoom).toBeUndefined();
  });

  it("anything but a tick (an older candle corrected, a new list) is handed over whole", () => {
    const corrected = before.candles.slice();
    corrected[10] = candle(10, 50);
    expect(tickOption(before, chartSeries(corrected), null, style, view)).toBeNull();
    expect(tickOption(before, chartSeries(list(300)), null, style, view)).toBeNull();
  });
});
