import os from "node:os";
import { moveMeasure, moveOf, PriceHistory, triggerOf, type AlertState } from "../server/src/alerts/alerts.engine";
import { TriggerBook, type Observation, type Trigger } from "../server/src/triggers";
import type { BenchResult, BenchSuite } from "./run";
import { percentile } from "./trading-app";

/**
 * Price alerts in the one trigger book: 1,000,000 alerts (45 % above, 45 % below within 0.5-20 % of the price, 10 %
 * moves of 1-20 % over the four windows) beside 300,000 position levels (100,000 positions' TP, SL and liquidation),
 * over 20 pairs. Each tick is evaluated as the leader's runner does (its move measures over the pair's price
 * history, computed once per tick and window). Times the load, a quiet tick (nothing crosses), and a tick that jumps
 * far enough to cross about 1,000 alerts (goal p99 < 50 ms). Settling what fires (a transaction per 500 alerts) is
 * the database's work and is not in these figures.
 */

const SYMBOLS = Array.from({ length: 20 }, (_, i) => `S${i}/USDT`);
const WINDOWS = [60, 300, 3600, 86400] as const;

function run(log: (line: string) => void): BenchResult[] {
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const book = new TriggerBook();
  const triggers: Trigger[] = [];
  for (let id = 0; id < 100_000; id++) {
    const owner = `positions:${id}`;
    const symbol = SYMBOLS[id % 20];
    const long = random() < 0.5;
    // TP 2-12 % in the position's favour, SL 2-12 % against it, liquidation 13-20 % against it.
    for (const [name, lo, hi, favour] of [["tp", 0.02, 0.12, true], ["sl", 0.02, 0.12, false], ["liq", 0.13, 0.2, false]] as const) {
      const up = long === favour;
      const away = lo + random() * (hi - lo);
      triggers.push({ key: `${owner}:${name}`, owner, symbol, watch: long ? "bid" : "ask", cross: up ? "up" : "down", level: (1000 * (up ? 1 + away : 1 - away)).toFixed(2) });
    }
  }
  const alertLevels: number[][] = SYMBOLS.map(() => []);
  for (let id = 0; id < 1_000_000; id++) {
    const symbol = SYMBOLS[id % 20];
    const draw = random();
    const away = 0.005 + random() * 0.195;
    const base = { id, userId: id % 50_000, symbol, rate: null, windowS: null, repeat: "always" as const, status: "active" as const, paused: false, armed: true, armedSinceMs: 0 };
    const alert: AlertState =
      draw < 0.45
        ? { ...base, kind: "above", price: (1000 * (1 + away)).toFixed(2) }
        : draw < 0.9
          ? { ...base, kind: "below", price: (1000 * (1 - away)).toFixed(2) }
          : { ...base, kind: "move", price: null, rate: (0.01 + random() * 0.19).toFixed(3), windowS: WINDOWS[id % 4] };
    if (alert.price !== null) alertLevels[id % 20].push(Number(alert.price));
    triggers.push(triggerOf(alert)!);
  }
  const started = performance.now();
  book.addMany(triggers);
  const loadMs = performance.now() - started;
  triggers.length = 0;
  log(`loaded ${book.size.toLocaleString("en-US")} triggers in ${loadMs.toFixed(0)} ms (what a new leader does); heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);

  // A day of history per pair around 1000, then ticks a second apart.
  const histories = SYMBOLS.map(() => new PriceHistory());
  let nowMs = 1e12;
  for (let s = 0; s < 86_400; s += 30) for (const history of histories) history.record({ price: (1000 + (random() - 0.5) * 4).toFixed(2), atMs: nowMs - 86_400_000 + s * 1000 });
  const observe = (i: number, price: string): Observation => {
    nowMs += 1000 / 20;
    const history = histories[i];
    const atMs = nowMs;
    const memo = new Map<string, string | null>();
    // As the runner's measures: each window's move computed once per tick, only when a list asks.
    const measure = (name: string) => {
      if (!memo.has(name)) {
        const windowS = WINDOWS.find((w) => moveMeasure(w) === name);
        const reference = windowS === undefined ? null : history.at(atMs - windowS * 1000);
        memo.set(name, reference === null ? null : moveOf(price, reference).toFixed());
      }
      return memo.get(name)!;
    };
    history.record({ price, atMs });
    return { symbol: SYMBOLS[i], price, bid: price, ask: price, atMs, measure };
  };

  // Quiet: each pair wobbles within +-0.2 % (the nearest alert is 0.5 % away, the smallest move 1 %).
  const quiet: number[] = [];
  for (let i = 0; i < 100_000; i++) {
    const observation = observe(i % 20, (1000 + (random() - 0.5) * 4).toFixed(2));
    const t0 = performance.now();
    book.evaluate(observation);
    quiet.push(performance.now() - t0);
  }
  quiet.sort((a, b) => a - b);

  // Busy: a tick jumps its pair just far enough to cross about 1,000 more alert levels (found on the sorted levels).
  const busy: number[] = [];
  // The process's own CPU time per tick beside the wall time: on a shared machine the wall time includes waiting for a core.
  const busyCpu: number[] = [];
  let fired = 0;
  const ups = alertLevels.map((l) => l.filter((x) => x > 1000).sort((a, b) => a - b));
  const downs = alertLevels.map((l) => l.filter((x) => x < 1000).sort((a, b) => b - a));
  const cursor = SYMBOLS.map(() => ({ up: 0, down: 0 }));
  for (let i = 0; i < 200; i++) {
    const pair = i % 20;
    const rising = i % 40 < 20;
    const levels = rising ? ups[pair] : downs[pair];
    const at = Math.min(levels.length - 1, (rising ? cursor[pair].up : cursor[pair].down) + 1_000);
    if (rising) cursor[pair].up = at + 1;
    else cursor[pair].down = at + 1;
    const observation = observe(pair, levels[at].toFixed(2));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    fired += book.evaluate(observation).length;
    busy.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    busyCpu.push((cpu.user + cpu.system) / 1000);
  }
  busy.sort((a, b) => a - b);
  busyCpu.sort((a, b) => a - b);
  log(`busy scenario: ${fired.toLocaleString("en-US")} owners fired by ${busy.length} ticks (alerts, moves and the positions those prices cross)`);
  return [
    { name: "book: load 1,000,000 alerts + 300,000 levels", value: loadMs, unit: "ms" },
    { name: "book: quiet tick, p50", value: percentile(quiet, 50) * 1000, unit: "µs" },
    { name: "book: quiet tick, p99", value: percentile(quiet, 99) * 1000, unit: "µs", note: "goal p99 < 50 ms" },
    { name: "book: tick crossing ~1,000 alerts, p50", value: percentile(busy, 50), unit: "ms" },
    { name: "book: tick crossing ~1,000 alerts, p99", value: percentile(busy, 99), unit: "ms", note: "goal p99 < 50 ms" },
    { name: "book: tick crossing ~1,000 alerts, CPU p99", value: percentile(busyCpu, 99), unit: "ms", note: `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores` },
  ];
}

export const suite: BenchSuite = {
  name: "price alerts in the trigger book",
  run: (log) => Promise.resolve(run(log)),
};
