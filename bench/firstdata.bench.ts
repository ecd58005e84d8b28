import type { CDPSession, Page } from "@playwright/test";
import { buildDir, launchChromium, phoneContext, signInNewUser, startServer } from "./serve-build";
import type { BenchResult, BenchSuite } from "./run";

/**
 * The signed-in home's time to first data (issue 16): the built app on the real server (simulated feed), a
 * 390x844 phone-sized Chromium, a user signed in through the login screen, then the home opened afresh `RUNS` times
 * (default 5) in two conditions: unthrottled, and Lighthouse's mobile preset applied through CDP (slow 4G: 562.5 ms
 * round trip, 1.6 Mbps down, 750 kbps up, and the CPU slowed 4x). Before each run the user's offline copy of server
 * data is deleted, so the balances on screen come from the network and not from the saved copy. Per run: the time
 * from navigation start to the first data response (`/api/` response end, Resource Timing), to the home showing
 * its balances (the total assets hold a figure), and which data requests the page started before that and in the
 * 1.5 s after (the user channels' catch-up once the socket confirms their subscription).
 * Medians are reported. `STATIC_DIR` picks the build (default `dist`).
 */

const RUNS = Number(process.env.FIRSTDATA_RUNS ?? 5);
/** Lighthouse's mobile slow-4G as DevTools applies it (its "applied" throttling), and its CPU slowdown. */
const SLOW_4G = { latency: 562.5, downloadThroughput: (1_474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

declare global {
  interface Window {
    __balancesAt: number | null;
  }
}

/**
 * Notes when the total assets first hold a figure (a "-" shows until the wallets are known). A script text, not a
 * function: tsx names functions with a helper that does not exist in the page.
 */
const BALANCES_WATCH = `
  window.__balancesAt = null;
  const balancesWatch = new MutationObserver(function () {
    const total = document.querySelector('[data-testid="total-assets"]');
    if (window.__balancesAt === null && total && /\\d/.test(total.textContent || "")) {
      window.__balancesAt = performance.now();
      balancesWatch.disconnect();
    }
  });
  balancesWatch.observe(document, { childList: true, subtree: true, characterData: true });
`;

interface Run {
  firstDataMs: number;
  balancesMs: number;
  /** Data requests started before the balances showed (the first data), and after (the socket's catch-up). */
  before: string[];
  after: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Leaves the app for a same-origin page without it, and deletes the signed-in user's saved server data there. */
async function forgetSavedData(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/api/health`);
  await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? "").filter((name) => name.startsWith("tradewise-cache-"));
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error);
          }),
      ),
    );
  });
}

async function throttle(cdp: CDPSession, on: boolean): Promise<void> {
  await cdp.send("Network.emulateNetworkConditions", on ? { offline: false, ...SLOW_4G } : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: on ? CPU_SLOWDOWN : 1 });
}

async function openHome(page: Page, cdp: CDPSession, url: string, throttled: boolean): Promise<Run> {
  await forgetSavedData(page, url);
  await throttle(cdp, throttled);
  try {
    await page.goto(`${url}/#/pages/index/index`);
    await page.waitForFunction(() => window.__balancesAt !== null, undefined, { timeout: 60_000 });
    // Sections that mount later (the markets, the tab bar's badge) would ask now if they were going to.
    await page.waitForTimeout(1_500);
    // Only anonymous functions go to the page: tsx wraps named ones in a helper the page does not have.
    const seen = await page.evaluate(() => ({
      balancesAt: window.__balancesAt ?? Number.NaN,
      data: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime, responseEnd: e.responseEnd }))
        .filter((e) => e.path.startsWith("/api/")),
    }));
    const named = (entries: typeof seen.data) => entries.map((e) => e.path.replace("/api/", ""));
    return {
      firstDataMs: Math.min(...seen.data.map((e) => e.responseEnd)),
      balancesMs: seen.balancesAt,
      before: named(seen.data.filter((e) => e.startTime < seen.balancesAt)),
      after: named(seen.data.filter((e) => e.startTime >= seen.balancesAt)),
    };
  } finally {
    await throttle(cdp, false);
  }
}

export const suite: BenchSuite = {
  name: "signed-in home: time to first data",
  async run(log) {
    const server = await startServer(buildDir());
    const browser = await launchChromium();
    const results: BenchResult[] = [];
    try {
      const context = await phoneContext(browser);
      await context.addInitScript({ content: BALANCES_WATCH });
      const page = await context.newPage();
      await signInNewUser(page, server.url);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");

      for (const throttled of [false, true]) {
        const condition = throttled ? `slow 4G, CPU ${CPU_SLOWDOWN}x` : "unthrottled";
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const run = await openHome(page, cdp, server.url, throttled);
          runs.push(run);
          log(`${condition} #${i + 1}: first data ${Math.round(run.firstDataMs)} ms, balances ${Math.round(run.balancesMs)} ms; requests before: ${run.before.join(", ")}; after: ${run.after.join(", ") || "none"}`);
        }
        results.push(
          { name: `${condition}: first data response`, value: median(runs.map((r) => r.firstDataMs)), unit: "ms", note: `median of ${RUNS}, from navigation start` },
          { name: `${condition}: balances on screen`, value: median(runs.map((r) => r.balancesMs)), unit: "ms", note: `median of ${RUNS}` },
          { name: `${condition}: data requests before balances`, value: median(runs.map((r) => r.before.length)), unit: "requests", note: "median" },
          { name: `${condition}: data requests after`, value: median(runs.map((r) => r.after.length)), unit: "requests", note: "within 1.5 s: the socket's catch-up" },
        );
      }
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
    return results;
  },
};
