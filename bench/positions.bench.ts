import { ledger, ledgerReads } from "../server/src/ledger";
import { quoteAround } from "../server/src/market";
import { TriggerBook, type Trigger } from "../server/src/triggers";
import { triggerOf } from "../server/src/alerts/alerts.engine";
import { triggersOf } from "../server/src/positions/positions.engine";
import type { BenchResult, BenchSuite } from "./run";
import { benchDatabase, loadFromOutside, percentile, postgresCpuSeconds, profileWindow, rawTransferRate, tradingApp } from "./trading-app";

/**
 * The position engine.
 * (a) The trigger book with 100,000 open positions over 20 symbols (TP, SL and liquidation each: 300,000 levels, a
 *     third of the stop-losses trailing at 2, 5 or 10 %) beside 1,000,000 price alerts (above or below, 0.6-20 %
 *     from the price): time to evaluate one tick when nothing triggers, and 400 ticks that each cross about 1,500
 *     more levels (positions' and the alerts' between them; goal p99 < 50 ms), in wall and in CPU time.
 *     What fires is then settled in batches: (c) measures that.
 * (b) Market orders placed through HTTP (a real socket, 50 concurrent users in a process of their own, each order
 *     with a fresh idempotency key, as the app sends it) on PostgreSQL and on PGlite, after a warm-up of a fifth as
 *     many, beside the raw rate of the same PostgreSQL server in the same run (pgbench, 8 clients, a two-account
 *     transfer and an entry row) (goals: PostgreSQL 2,000/s with p99 < 50 ms and at least 25 % of the raw rate;
 *     PGlite 800/s).
 * (c) Settlement: stop-losses of 1,000 and of 10,000 positions crossed by one tick, settled by the runner (goal:
 *     10,000 within a second); and as many pending limit orders filled by one tick.
 */

async function triggerBook(log: (line: string) => void): Promise<BenchResult[]> {
  const symbols = Array.from({ length: 20 }, (_, i) => `S${i}/USDT`);
  const book = new TriggerBook();
  const levels: Trigger[] = [];
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  // The alerts are drawn before the clock starts (the book's load is timed, not the drawing of a million objects).
  const alerts: Trigger[] = [];
  for (let id = 0; id < 1_000_000; id++) {
    const above = random() < 0.5;
    const away = 0.006 + random() * 0.194;
    const base = { id, userId: id % 50_000, symbol: symbols[id % 20], rate: null, windowS: null, repeat: "always" as const, status: "active" as const, paused: false, armed: true, armedSinceMs: 0 };
    alerts.push(triggerOf({ ...base, kind: above ? "above" : "below", price: (1000 * (above ? 1 + away : 1 - away)).toFixed(2) })!);
  }
  const started = performance.now();
  // Positions opened near the price (1000 +- 0.5 %), TP/SL 2-12 % away, liquidation 13-20 % away.
  for (let id = 0; id < 100_000; id++) {
    const symbol = symbols[id % 20];
    const open = 995 + random() * 10;
    const long = random() < 0.5;
    const owner = `positions:${id}`;
    const add = (name: string, cross: "up" | "down", level: number) =>
      levels.push({ key: `${owner}:${name}`, owner, symbol, watch: long ? "bid" : "ask", cross, level: level.toFixed(2) });
    const away = (lo: number, hi: number) => open * (lo + random() * (hi - lo));
    add("tp", long ? "up" : "down", long ? open + away(0.02, 0.12) : open - away(0.02, 0.12));
    // A third trail (as the positions engine arms them: walked by every tick of their pair, moving with its best price).
    if (id % 3 === 0) {
      const rate = ["0.02", "0.05", "0.1"][id % 9 === 0 ? 0 : id % 9 === 3 ? 1 : 2];
      const [sl] = triggersOf({ id, symbol, direction: long ? "long" : "short", status: "open", limitPrice: null, tp: null, sl: null, liquidation: null, spread: "", userId: id, trail: { rate, best: open.toFixed(2), pricePrecision: 2 } });
      levels.push({ ...sl, key: `${owner}:sl`, owner, spread: undefined, user: undefined });
    } else add("sl", long ? "down" : "up", long ? open - away(0.02, 0.12) : open + away(0.02, 0.12));
    add("liquidation", long ? "down" : "up", long ? open - away(0.13, 0.2) : open + away(0.13, 0.2));
  }
  book.addMany(levels);
  book.addMany(alerts);
  const loadMs = performance.now() - started;
  // Alerts' levels too: a jump is sized to cross about 1,500 triggers of any kind, not 1,500 positions and the
  // several thousand alerts between them.
  const alertPrices = new Map<string, number[]>();
  for (const alert of alerts) {
    const list = alertPrices.get(alert.symbol) ?? [];
    list.push(Number(alert.level));
    alertPrices.set(alert.symbol, list);
  }
  alerts.length = 0;
  log(`loaded ${book.size.toLocaleString("en-US")} triggers (300,000 position levels, a third of the stop-losses trailing, and 1,000,000 alerts) in ${loadMs.toFixed(0)} ms (what a new leader does)`);
  // One more position armed the way a change arrives: three single inserts.
  const t1 = performance.now();
  for (const name of ["tp", "sl", "liquidation"]) book.add({ key: `positions:x:${name}`, owner: "positions:x", symbol: symbols[0], watch: "bid", cross: name === "tp" ? "up" : "down", level: name === "tp" ? "1200.00" : "800.00" });
  const armUs = (performance.now() - t1) * 1000;

  // Nothing triggers: every pair wobbles inside its band (the nearest levels are about 1.5 % away).
  const quiet: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const price = (1000 + (random() - 0.5) * 10).toFixed(2);
    const t0 = performance.now();
    book.evaluate({ symbol: symbols[i % 20], price, bid: price, ask: price, atMs: i });
    quiet.push(performance.now() - t0);
  }
  quiet.sort((a, b) => a - b);

  // 1 % triggers: each tick moves its pair far enough to cross about 1,500 more triggers (positions' levels and the
  // alerts between them). 400 such ticks, 20 a pair (half rising, half falling, alternating): a p99 over 400 is a
  // tail, not the one slowest tick (over 40 it was), and a pair's 10th jump is still inside its levels.
  const busyTicks = 400;
  // Every level of a pair in the order a rising (or falling) price meets it, whatever it watches.
  const upLevels = new Map<string, number[]>();
  const downLevels = new Map<string, number[]>();
  for (const symbol of symbols) {
    const all = [...levels.filter((l) => l.symbol === symbol).map((l) => Number(l.level)), ...(alertPrices.get(symbol) ?? [])];
    upLevels.set(symbol, all.filter((x) => x > 1000).sort((a, b) => a - b));
    downLevels.set(symbol, all.filter((x) => x < 1000).sort((a, b) => b - a));
  }
  const cursorUp = new Map(symbols.map((s) => [s, 0]));
  const cursorDown = new Map(symbols.map((s) => [s, 0]));
  const busy: number[] = [];
  const busyCpu: number[] = [];
  let fired = 0;
  let crossed = 0;
  const profiler = await profileWindow();
  for (let i = 0; i < busyTicks; i++) {
    const symbol = symbols[i % 20];
    const rising = Math.floor(i / 20) % 2 === 0;
    // The price that lies 1,500 levels further out than the pair's last jump that way (levels of owners that have
    // since left count too: those are gone from the book, so a tick fires somewhat fewer than 1,500).
    const target = rising ? upLevels.get(symbol)! : downLevels.get(symbol)!;
    const cursor = rising ? cursorUp : cursorDown;
    const to = Math.min(target.length - 1, cursor.get(symbol)! + 1_500);
    cursor.set(symbol, to + 1);
    const text = target[to].toFixed(2);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const owners = book.evaluate({ symbol, price: text, bid: text, ask: text, atMs: 1e9 + i });
    const elapsed = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    busy.push(elapsed);
    busyCpu.push((cpu.user + cpu.system) / 1000);
    fired += owners.length;
    for (const owner of owners) crossed += owner.fired.length;
  }
  await profiler?.stop("book-busy");
  busy.sort((a, b) => a - b);
  busyCpu.sort((a, b) => a - b);
  log(`1 % scenario: ${busyTicks} ticks crossed ${crossed.toLocaleString("en-US")} levels of ${fired.toLocaleString("en-US")} owners (positions and the alerts those prices cross; about ${Math.round(crossed / busyTicks)} levels a tick)`);
  return [
    { name: "book: load 300,000 levels (33,334 trailing) + 1,000,000 alerts", value: loadMs, unit: "ms" },
    { name: "book: arm one position (3 levels)", value: armUs, unit: "µs" },
    { name: "book: tick with nothing to trigger, p50", value: percentile(quiet, 50) * 1000, unit: "µs" },
    { name: "book: tick with nothing to trigger, p99", value: percentile(quiet, 99) * 1000, unit: "µs", note: "goal p99 < 50 ms" },
    { name: "book: tick crossing ~1,500 levels (positions and alerts), p50", value: percentile(busy, 50), unit: "ms" },
    { name: "book: tick crossing ~1,500 levels (positions and alerts), p99", value: percentile(busy, 99), unit: "ms", note: "goal p99 < 50 ms; settlement in (c)" },
    { name: "book: tick crossing ~1,500 levels (positions and alerts), max", value: busy[busy.length - 1], unit: "ms" },
    // CPU beside wall time: the machine is shared, and wall time also counts the waits for a core.
    { name: "book: tick crossing ~1,500 levels, CPU p50", value: percentile(busyCpu, 50), unit: "ms", note: "process.cpuUsage: also GC helper threads" },
    { name: "book: tick crossing ~1,500 levels, CPU p99", value: percentile(busyCpu, 99), unit: "ms" },
  ];
}

const order = (i: number, sl: string) => ({ symbol: "BTC/USDT", direction: i % 2 ? "long" : "short", type: "market", quantity: "0.01", leverage: 10, sl_price: sl });

async function placements(kind: "postgres" | "pglite", log: (line: string) => void): Promise<BenchResult[]> {
  const database = await benchDatabase(kind);
  const { built, base, tokens, ids } = await tradingApp(database, 50, { USDT: "10000000" });
  const perUser = kind === "postgres" ? 100 : 30;
  // The clients run in a process of their own: the server's event loop serves, it does not also drive the load.
  const bodies = [order(0, "70000"), order(1, "50000")];
  // A warm-up, not counted: a server in service is warm (its code compiled by V8, its pool's connections open), and
  // pgbench, the rate it is compared with, is too. The cold start is printed on its own.
  const cold = await loadFromOutside({ base, tokens, perUser: perUser / 5, path: "/lever/submit", bodies, keyed: true });
  log(`${kind}: warm-up, not counted: ${cold.latencies.length} orders at ${(cold.latencies.length / cold.seconds).toFixed(0)}/s, p50 ${percentile(cold.latencies, 50).toFixed(0)} ms, p99 ${percentile(cold.latencies, 99).toFixed(0)} ms (${cold.failures} refused)`);
  // The server's own CPU per placement: a figure that other load on the machine changes much less than a rate.
  const profiler = await profileWindow();
  const cpuBefore = process.cpuUsage();
  const databaseCpuBefore = kind === "postgres" ? postgresCpuSeconds() : null;
  const { latencies, failures, seconds, cpuMs: clientCpuMs } = await loadFromOutside({ base, tokens, perUser, path: "/lever/submit", bodies, keyed: true });
  const cpu = process.cpuUsage(cpuBefore);
  const databaseCpu = databaseCpuBefore === null ? null : postgresCpuSeconds()! - databaseCpuBefore;
  await profiler?.stop(`placements-${kind}`);
  const cpuMs = (cpu.user + cpu.system) / 1000 / latencies.length;
  const rate = latencies.length / seconds;
  log(`${kind}: ${latencies.length} market orders by 50 concurrent users (another process) in ${seconds.toFixed(1)} s (${failures} refused)`);

  let raw: number;
  let rawNote: string;
  if (kind === "postgres") {
    await built.app.close();
    await database.close();
    // pgbench on the same server, after the placements (not beside them): the server's raw rate.
    raw = rawTransferRate(10);
    rawNote = "pgbench, 8 clients: two-account transfer + entry row";
  } else {
    // PGlite has no pgbench: two-account ledger transfers, 8 at a time, in this process.
    const transfers = 1_500;
    let next = 0;
    const rawStarted = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        while (next < transfers) {
          const n = next++;
          const from = ids[(worker * 2) % ids.length];
          const to = ids[(worker * 2 + 1) % ids.length];
          await database.db.transaction((tx) =>
            ledger.post(tx, { key: `bench-raw:${n}`, kind: "adjustment", cause: { kind: "adjustment", id: n }, legs: [{ account: { user: from }, currency: "USDT", amount: "-1" }, { account: { user: to }, currency: "USDT", amount: "1" }] }),
          );
        }
      }),
    );
    raw = transfers / ((performance.now() - rawStarted) / 1000);
    rawNote = "ledger.post, 8 at a time";
    await built.app.close();
    await database.close();
  }
  return [
    { name: `${kind}: placements through HTTP`, value: rate, unit: "/s", note: kind === "postgres" ? "goal 2,000/s" : "goal 800/s" },
    { name: `${kind}: placement latency p50`, value: percentile(latencies, 50), unit: "ms" },
    { name: `${kind}: server CPU per placement`, value: cpuMs, unit: "ms", note: "user + system time of the server's process / placements" },
    { name: `${kind}: load client CPU per placement`, value: clientCpuMs / latencies.length, unit: "ms", note: "the load process's own, on the same cores" },
    ...(databaseCpu === null ? [] : [{ name: `${kind}: PostgreSQL CPU per placement`, value: (databaseCpu * 1000) / latencies.length, unit: "ms", note: "all its processes, on the same cores" }]),
    { name: `${kind}: placement latency p99`, value: percentile(latencies, 99), unit: "ms", note: kind === "postgres" ? "goal < 50 ms" : undefined },
    { name: `${kind}: raw two-account transfers`, value: raw, unit: "/s", note: rawNote },
    { name: `${kind}: placements / raw transfers`, value: (rate / raw) * 100, unit: "%", note: kind === "postgres" ? "goal >= 25 %" : undefined },
  ];
}

/** What one tick settles: open longs' stop-losses, or pending limit longs that it fills. */
type Firing = "stop-losses" | "limit fills";

async function settlement(count: number, what: Firing, log: (line: string) => void): Promise<BenchResult[]> {
  const database = await benchDatabase("postgres");
  const { built, base, tokens, setPrice } = await tradingApp(database, 100, { USDT: "10000000" });
  // Placed from another process: long positions with stop-losses between 59,000 and 58,001, or limit longs between
  // 59,000 and 58,101 (the tick's ask, 58,011.60, is below every limit).
  const bodies = Array.from({ length: count / 100 }, (_, i) =>
    what === "stop-losses" ? order(1, (59000 - (i % 999)).toFixed(2)) : { symbol: "BTC/USDT", direction: "long", type: "limit", price: (59000 - (i % 900)).toFixed(2), quantity: "0.01", leverage: 10 },
  );
  await loadFromOutside({ base, tokens, perUser: count / 100, path: "/lever/submit", bodies, keyed: true });
  await built.engines.triggers.drain();
  const profiler = await profileWindow();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const databaseCpuBefore = postgresCpuSeconds();
  await setPrice("58000");
  const cpu = process.cpuUsage(cpuBefore);
  const databaseCpu = databaseCpuBefore === null ? null : postgresCpuSeconds()! - databaseCpuBefore;
  await profiler?.stop(`${what === "stop-losses" ? "settlement" : "fills"}-${count}`);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const [{ n }] = await database.query<{ n: number }>(
    what === "stop-losses" ? "SELECT count(*)::int AS n FROM positions WHERE close_reason = 'sl'" : "SELECT count(*)::int AS n FROM positions WHERE status = 'open'",
  );
  const problems = await ledgerReads.verify(database.db);
  log(`postgres: one tick crossed ${n} ${what}, settled in ${seconds.toFixed(2)} s, ${cpuSeconds.toFixed(2)} s of node CPU${databaseCpu === null ? "" : `, ${databaseCpu.toFixed(2)} s of PostgreSQL's`} (${quoteAround("58000", "0.0004", 2).bid} bid, ${quoteAround("58000", "0.0004", 2).ask} ask); ledger.verify: ${problems.length ? problems.join("; ") : "sound"}`);
  await built.app.close();
  await database.close();
  // A settlement that failed (the runner logs it and re-arms) must not pass for a fast one.
  if (n !== count || problems.length) throw new Error(`the bench settled ${n} of ${count} ${what}${problems.length ? ", and the ledger is not sound" : ""}`);
  // The same server's raw rate, just after: what this machine gives a bare two-account transfer at that moment.
  const raw = rawTransferRate(5);
  const perSecond = n / seconds;
  log(`postgres: pgbench on the same server just after: ${Math.round(raw).toLocaleString("en-US")} transfers/s (${what} settled per second / pgbench: ${(perSecond / raw).toFixed(2)})`);
  return [
    { name: `postgres: ${count.toLocaleString("en-US")} ${what} settled after one tick`, value: seconds * 1000, unit: "ms", note: count === 10_000 ? "goal < 1,000 ms" : undefined },
    { name: `postgres: ${what === "stop-losses" ? "closes" : "fills"} per second (${count.toLocaleString("en-US")})`, value: perSecond, unit: "/s" },
    { name: `postgres: ${what === "stop-losses" ? "closes" : "fills"} per second / pgbench transfers per second (${count.toLocaleString("en-US")})`, value: perSecond / raw, unit: "x", note: "pgbench, 8 clients: two-account transfer + entry row" },
  ];
}

async function settleCounts(what: Firing, log: (line: string) => void): Promise<BenchResult[]> {
  const counts = (process.env.POSITIONS_SETTLE ?? "1000,10000").split(",").map(Number);
  const results: BenchResult[] = [];
  for (const count of counts) results.push(...(await settlement(count, what, log)));
  return results;
}

export const suite: BenchSuite = {
  name: "positions",
  async run(log) {
    // POSITIONS_BENCH=book (or placements, settlement, fills) runs one part; POSITIONS_DB=postgres (or pglite) one
    // database; POSITIONS_SETTLE=10000 (a comma list) the settlements' sizes.
    const only = process.env.POSITIONS_BENCH;
    const want = (part: string) => !only || only === part;
    return [
      ...(want("book") ? await triggerBook(log) : []),
      ...(want("placements") && process.env.POSITIONS_DB !== "pglite" ? await placements("postgres", log) : []),
      ...(want("placements") && process.env.POSITIONS_DB !== "postgres" ? await placements("pglite", log) : []),
      ...(want("settlement") ? await settleCounts("stop-losses", log) : []),
      ...(want("fills") ? await settleCounts("limit fills", log) : []),
    ];
  },
};
