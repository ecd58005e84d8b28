import { describe, expect, it } from "vitest";
import type { IChartApi } from "lightweight-charts";
import { showRange } from "./kline-chart";

/** A time scale as the chart has it: a width, the range shown, and its size listeners. */
function fakeChart(width: number) {
  const scale = {
    width: () => width,
    range: null as { from: number; to: number } | null,
    listeners: new Set<(width: number, height: number) => void>(),
    setVisibleLogicalRange(range: { from: number; to: number }) {
      scale.range = range;
    },
    subscribeSizeChange: (handler: (width: number, height: number) => void) => scale.listeners.add(handler),
    unsubscribeSizeChange: (handler: (width: number, height: number) => void) => scale.listeners.delete(handler),
  };
  const resize = (next: number) => {
    width = next;
    // The time scale keeps its right edge and bar spacing on a resize: the range shown before is gone.
    scale.range = null;
    for (const listener of [...scale.listeners]) listener(next, 300);
  };
  return { chart: { timeScale: () => scale } as unknown as Pick<IChartApi, "timeScale">, scale, resize };
}

describe("the chart's opening view", () => {
  it("a range set while the chart is 0 px wide (out of the layout until its candles are in) is shown again once it has its size", () => {
    const { chart, scale, resize } = fakeChart(0);
    showRange(chart, { from: 82, to: 142 });
    resize(0);
    resize(390);
    expect(scale.range).toEqual({ from: 82, to: 142 });
    // Once only: a later resize (a turned phone) keeps what the user has scrolled to.
    expect(scale.listeners.size).toBe(0);
  });

  it("a chart that already has its width shows the range at once and listens to nothing", () => {
    const { chart, scale } = fakeChart(390);
    showRange(chart, { from: 80, to: 162 });
    expect(scale.range).toEqual({ from: 80, to: 162 });
    expect(scale.listeners.size).toBe(0);
  });
});
