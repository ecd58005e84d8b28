/**
 * `npx tsx bench/startup-profile.ts [route-name] [--runs N]`: where a signed-in repeat visit's start-up spends its main
 * thread. Starts the server on a build (`STATIC_DIR`, default `dist`; a build with `--minify false` names the
 * functions), signs a user in (service worker active, as bench/lighthouse.ts does), then opens the route cold in that
 * profile at 4x CPU throttling (Lighthouse's mobile factor) with CDP `Profiler` sampling, and prints: the long tasks
 * (PerformanceObserver, real ms at 4x), self time by script and by function, and inclusive time of the heaviest
 * functions. Writes the raw .cpuprofile to /tmp for DevTools.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildDir, CHROME_FLAGS, CHROME_PATH, registerBenchUser, startServer } from "./serve-build";

const ROUTES: Record<string, string> = {
  "signed-in-home": "/#/pages/index/index",
  "market-list": "/#/pages/market/index",
  chart: "/#/pages/kline/index?symbol=BTC/USDT",
  "trade-ticket": "/#/pages/strategy/index",
  "positions-list": "/#/pages/order/contract",
};

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const routeName = args.find((a) => !a.startsWith("--") && ROUTES[a]) ?? "chart";
const runs = Number(args[args.indexOf("--runs") + 1] ?? 1) || 1;
const waitMs = Number(process.env.PROFILE_WAIT_MS ?? 6000);
/** `--trace`: no throttling, as Lighthouse runs; the main-thread tasks after the first contentful paint by CPU time x 4 and by wall time x 4 (`traceReport`). */
const traceMode = args.includes("--trace");

async function main() {
  const server = await startServer(buildDir());
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tw-profile-"));
  const flags = CHROME_FLAGS.filter((f) => !f.startsWith("--headless"));
  try {
    {
      const { account, password } = await registerBenchUser(server.url);
      const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: flags });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.url}/#/pages/login/index`);
      await page.getByLabel("Account or e-mail").fill(account);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/#\/pages\/index\/index/);
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });
      // Visit the route once, so its chunks are in the worker's cache and its data in the offline copy.
      await page.goto(`${server.url}${ROUTES[routeName]}`);
      await page.waitForTimeout(2500);
      await context.close();
    }
    for (let run = 0; run < runs; run++) {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROME_PATH,
        args: flags,
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("about:blank");
      await page.addInitScript(() => {
        const w = window as unknown as { __long: { start: number; duration: number }[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
        }).observe({ type: "longtask", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      if (traceMode) {
        const events: TraceEvent[] = [];
        cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
        const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
        await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading", "toplevel"] }, transferMode: "ReportEvents" });
        await page.goto(`${server.url}${ROUTES[routeName]}`);
        await page.waitForTimeout(waitMs);
        await cdp.send("Tracing.end");
        await done;
        await context.close();
        console.log(`\n== ${routeName} run ${run + 1} (trace)`);
        traceReport(events);
        continue;
      }
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(`${server.url}${ROUTES[routeName]}`);
      await page.waitForTimeout(waitMs);
      const { profile: prof } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      const long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);
      const paints = await page.evaluate(() => performance.getEntriesByType("paint").map((p) => `${p.name} ${Math.round(p.startTime)}`));
      await context.close();
      const file = path.join(os.tmpdir(), `startup-${routeName}-${run}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(prof));
      console.log(`\n== ${routeName} run ${run + 1} (${file})`);
      console.log(`paints: ${paints.join(", ")}`);
      const tbtLike = long.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
      console.log(`long tasks (ms at 4x): ${long.map((t) => `${t.duration}@${t.start}`).join(" ")}; sum over 50 ms: ${tbtLike}`);
      report(prof);
    }
  } finally {
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/**
 * Main-thread tasks of the page's renderer after its first contentful paint (where Lighthouse's total blocking time
 * starts), each as CPU time x 4 and as wall time x 4, with the sum over 50 ms of each. Lighthouse's simulation takes
 * the wall time; on a small shared machine that is the page's own work plus the time other processes kept the thread
 * off a core (the server answering the page, the browser and GPU processes, the service worker), so the CPU figure
 * says what the page itself costs and the gap says what contention added. The longest task also lists the CPU the
 * browser's other threads spent while it ran.
 */
function traceReport(events: TraceEvent[]) {
  const threadName = new Map<string, string>();
  const processName = new Map<number, string>();
  for (const e of events.filter((e) => e.ph === "M")) {
    if (e.name === "thread_name") threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
    if (e.name === "process_name") processName.set(e.pid, e.args?.name ?? "");
  }
  const fcp = events.filter((e) => e.name === "firstContentfulPaint").sort((a, b) => b.ts - a.ts)[0];
  const mains = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === "RunTask" && e.ph === "X");
  const cpu = (list: TraceEvent[]) => list.reduce((s, e) => s + (e.tdur ?? 0), 0);
  const main = mains.find((m) => m.pid === fcp?.pid) ?? mains.sort((a, b) => cpu(tasksOf(b)) - cpu(tasksOf(a)))[0];
  const tasks = tasksOf(main).sort((a, b) => a.ts - b.ts);
  const t0 = tasks[0]?.ts ?? 0;
  const after = tasks.filter((t) => !fcp || t.ts >= fcp.ts);
  const x4 = (us: number | undefined) => ((us ?? 0) / 1000) * 4;
  const inside = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e !== t);
  let sumCpu = 0;
  let sumWall = 0;
  const lines: string[] = [];
  for (const t of after) {
    const [c, w] = [x4(t.tdur), x4(t.dur)];
    sumCpu += Math.max(0, c - 50);
    sumWall += Math.max(0, w - 50);
    if (Math.max(c, w) < 50) continue;
    const what = inside(t)
      .filter((e) => ["EvaluateScript", "v8.compile", "FunctionCall", "TimerFire", "FireAnimationFrame", "EventDispatch", "ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "Commit", "v8.run", "RunMicrotasks", "FireIdleCallback", "XHRReadyStateChange", "ResourceReceivedData"].includes(e.name) && e.ph === "X")
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 5)
      .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, "")}` : ""}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ""} ${x4(e.dur).toFixed(0)}`);
    lines.push(`  cpu ${c.toFixed(0).padStart(4)} / wall ${w.toFixed(0).padStart(4)} ms @${((t.ts - t0) / 1000).toFixed(0)}: ${what.join("; ")}`);
  }
  console.log(`first contentful paint @${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : "?"} ms; main-thread CPU x4 after it: ${x4(cpu(after)).toFixed(0)} ms in ${after.length} tasks`);
  console.log(`sum over 50 ms after FCP (TBT-like): CPU x4 ${sumCpu.toFixed(0)} ms, wall x4 ${sumWall.toFixed(0)} ms`);
  console.log(lines.join("\n"));
  const longest = after.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (!longest) return;
  const others = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== "X" || !e.tdur || !/^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/.test(e.name) || (e.pid === main.pid && e.tid === main.tid)) continue;
    const overlap = Math.min(e.ts + (e.dur ?? 0), longest.ts + (longest.dur ?? 0)) - Math.max(e.ts, longest.ts);
    if (overlap <= 0) continue;
    const name = `${processName.get(e.pid) ?? e.pid}/${threadName.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
    others.set(name, (others.get(name) ?? 0) + (e.tdur * overlap) / (e.dur || 1) / 1000);
  }
  const busiest = [...others].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`while the longest task ran (${((longest.dur ?? 0) / 1000).toFixed(0)} ms real, ${((longest.tdur ?? 0) / 1000).toFixed(0)} ms of it on a core), other threads' CPU: ${busiest.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(", ")}`);
}

function report(prof: Profile) {
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i + 1] ?? 0) / 1000);
  const short = (url: string) => url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "") || "(native)";
  const key = (n: Node) => `${n.callFrame.functionName || "(anon)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const [id, ms] of self) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || name === "(root)") {
      byScript.set(name, (byScript.get(name) ?? 0) + ms);
      continue;
    }
    byScript.set(short(n.callFrame.url), (byScript.get(short(n.callFrame.url)) ?? 0) + ms);
    byFn.set(key(n), (byFn.get(key(n)) ?? 0) + ms);
    // Inclusive: every distinct function on the stack gets the sample.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (!seen.has(k)) {
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + ms);
      }
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join("\n");
  console.log(`self time by script:\n${top(byScript, 15)}`);
  console.log(`self time by function:\n${top(byFn, 30)}`);
  console.log(`inclusive time by function:\n${top(incl, 60)}`);
}

await main();
