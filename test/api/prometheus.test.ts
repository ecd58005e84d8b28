/**
 * The metrics as an operator's Prometheus reads them: a real Prometheus (Debian's package, which .ci/run installs)
 * scrapes a real server twice or more with the bearer token, and its HTTP API answers a rate and a histogram
 * quantile; promtool accepts the exposition and the alert rules README shows (monitoring/).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DepositService, WithdrawalService } from "../../server/src/funding";
import { createTestServer, testDatabaseKind, type TestServer } from "../../server/src/testing/harness";
import { credit } from "../../server/src/testing/money";
import { leadTheFeed, tick } from "../../server/src/testing/ticks";

const run = promisify(execFile);
const TOKEN = "metrics-token-for-the-test-0123";
const root = path.resolve(import.meta.dirname, "../..");
const hasPrometheus = fs.existsSync("/usr/bin/prometheus") && fs.existsSync("/usr/bin/promtool");

/** promtool reads the exposition or the rules on its standard input or from a file. */
function promtool(args: string[], input?: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("promtool", args);
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
    child.stdin.end(input ?? "");
  });
}

describe("GET /metrics", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => server?.close());

  it("is refused without the token or with another, and absent when no token is configured", async () => {
    expect((await server.app.inject({ url: "/metrics" })).statusCode).toBe(401);
    expect((await server.app.inject({ url: "/metrics", headers: { authorization: "Bearer another-token-of-the-same-size" } })).statusCode).toBe(401);
    const plain = await createTestServer();
    try {
      expect((await plain.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("names routes as registered, counts orders by product and result, and shows the queues, the leader and the ticks", async () => {
    const user = await server.newUser();
    await server.call("GET", "currency/quotation_new");
    await server.call("POST", "lever/submit", { symbol: "NOPE/USDT", direction: "buy", type: "market", quantity: "1", leverage: 10 }, { token: user.token });
    const answer = await server.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(/tradewise_http_request_duration_seconds_count\{route="\/api\/currency\/quotation_new",method="GET",status="200"\} 1/);
    expect(text).toMatch(/tradewise_orders_total\{product="contracts",result="[A-Z_]+"\} 1/);
    for (const queue of ["deposits", "withdrawals", "kyc", "loans"]) expect(text).toContain(`tradewise_review_queue{queue="${queue}"} 0`);
    expect(text).toMatch(/^tradewise_leader [01]$/m);
    expect(text).toMatch(/^tradewise_trigger_book_size \d+$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    // No user id, token or raw path ever becomes a label.
    expect(text).not.toContain(user.token);
    expect(text).not.toMatch(/route="[^"]*\d{3,}/);
    if (testDatabaseKind() === "postgres") expect(text).toMatch(/tradewise_db_pool_connections\{state="total"\} \d+/);
  });

  it("times settlements and their batch sizes by source, counts pushes, shows the chain watcher's lag, and reads each review queue once per scrape", async () => {
    await leadTheFeed(server);
    await tick(server, { "BTC/USDT": "60000" });
    const user = await server.newUser();
    await credit(server, user.id, "1000");
    for (let i = 0; i < 3; i++) {
      const placed = await server.call("POST", "microtrade/submit", { symbol: "BTC/USDT", direction: "up", seconds: 30, amount: "10", currency: "USDT" }, { token: user.token });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    await server.engines.triggers.drain();
    server.clock.advance(30_000);
    await tick(server, { "BTC/USDT": "60100" });
    await server.engines.triggers.drain();

    const deposits = vi.spyOn(DepositService.prototype, "pendingQueue");
    const withdrawals = vi.spyOn(WithdrawalService.prototype, "pendingQueue");
    const text = (await server.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body;
    // Two gauges (count and oldest age) from one read of each queue.
    expect(deposits).toHaveBeenCalledTimes(1);
    expect(withdrawals).toHaveBeenCalledTimes(1);
    deposits.mockRestore();
    withdrawals.mockRestore();

    // The three options expired on one tick: one settlement of three owners.
    expect(text).toMatch(/^tradewise_settlement_batch_size_bucket\{le="2",source="options"\} 0$/m);
    expect(text).toMatch(/^tradewise_settlement_batch_size_bucket\{le="5",source="options"\} 1$/m);
    expect(text).toMatch(/^tradewise_settlement_batch_size_sum\{source="options"\} 3$/m);
    expect(text).toMatch(/^tradewise_settlement_duration_seconds_count\{source="options",result="ok"\} 1$/m);
    expect(text).toContain("# TYPE tradewise_push_total counter");
    expect(text).toContain("# TYPE tradewise_chain_lag_blocks gauge");
    // Bounded labels only: sources, results, kinds, networks.
    const labels = new Set([...text.matchAll(/^tradewise_(?:settlement|push|chain)\w*\{([^}]*)\}/gm)].flatMap((m) => m[1].split(",").map((pair) => pair.split("=")[0])));
    expect([...labels].sort()).toEqual(["le", "result", "source"]);
  });

  it.skipIf(!hasPrometheus)("passes promtool's checks, and so do README's alert rules", async () => {
    const answer = await server.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    const checked = await promtool(["check", "metrics"], answer.body);
    expect(checked).toEqual({ code: 0, out: "" });
    const rules = await promtool(["check", "rules", path.join(root, "monitoring/alerts.yml")]);
    expect(rules.out).toMatch(/SUCCESS: 3 rules found/);
    expect(rules.code).toBe(0);
  });
});

describe.skipIf(!hasPrometheus || testDatabaseKind() === "postgres")("a real Prometheus scraping the server", () => {
  let server: TestServer;
  let prometheus: ChildProcess | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-prometheus-"));
  afterAll(async () => {
    prometheus?.kill("SIGKILL");
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("scrapes with the token and answers a request rate and a latency quantile", async () => {
    server = await createTestServer({ METRICS_TOKEN: TOKEN });
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const target = new URL(address).host;
    const webPort = 30_000 + Math.floor(Math.random() * 20_000);
    fs.writeFileSync(path.join(dir, "token"), TOKEN);
    fs.writeFileSync(
      path.join(dir, "prometheus.yml"),
      [
        "global: { scrape_interval: 1s, evaluation_interval: 1s }",
        "scrape_configs:",
        "  - job_name: tradewise",
        `    authorization: { type: Bearer, credentials_file: ${path.join(dir, "token")} }`,
        `    static_configs: [{ targets: ["${target}"] }]`,
      ].join("\n"),
    );
    expect((await run("promtool", ["check", "config", path.join(dir, "prometheus.yml")])).stdout).toMatch(/SUCCESS/);
    prometheus = spawn("prometheus", [`--config.file=${path.join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${webPort}`], { stdio: "ignore" });
    const query = async (expr: string) => {
      const response = await fetch(`http://127.0.0.1:${webPort}/api/v1/query?query=${encodeURIComponent(expr)}`).catch(() => null);
      if (!response?.ok) return [];
      return ((await response.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
    };
    // Traffic between the scrapes, until Prometheus holds several samples of the server's own counters.
    const deadline = Date.now() + 90_000;
    let samples = 0;
    while (Date.now() < deadline) {
      await Promise.all([server.call("GET", "currency/quotation_new"), server.call("GET", "health")]);
      samples = Number((await query('count_over_time(up{job="tradewise"}[5m])'))[0]?.value[1] ?? 0);
      const up = (await query('up{job="tradewise"}'))[0]?.value[1];
      if (samples >= 3 && up === "1") break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(samples).toBeGreaterThanOrEqual(3);
    const rate = await query('sum(rate(tradewise_http_request_duration_seconds_count{route="/api/currency/quotation_new"}[1m]))');
    expect(Number(rate[0]?.value[1])).toBeGreaterThan(0);
    const p99 = await query("histogram_quantile(0.99, sum by (le) (rate(tradewise_http_request_duration_seconds_bucket[1m])))");
    const seconds = Number(p99[0]?.value[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(5);
    expect((await query("tradewise_leader"))[0]?.value[1]).toMatch(/^[01]$/);
  }, 150_000);
});
