import type { FastifyInstance } from "fastify";
import client from "prom-client";

/**
 * Prometheus metrics (`GET /metrics`, text exposition 0.0.4), served only when METRICS_TOKEN is set and only to a
 * request that bears it. One registry per app (tests build several in a process). Labels stay bounded: routes as
 * registered (never the raw path), methods, statuses, and the names the domains give (products, queues, pairs).
 */
export interface Metrics {
  /** A gauge whose values are read at each scrape. */
  gauge(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void): void;
  /**
   * A counter whose running totals are read at each scrape (counted elsewhere, e.g. by the feed leader, and reported
   * as they stand): `read` sets each label set's total so far.
   */
  countedElsewhere(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => void): void;
  /** Counts the answers of order routes: `tradewise_orders_total{product, result}` (result: accepted or the refusal's code). */
  countOrders(routes: Record<string, string>): void;
  /** A counter; its labels' values must come from closed sets (kinds, results), never ids. */
  counter(name: string, help: string, labelNames: string[]): Counter;
  /** A histogram with the given buckets. */
  histogram(name: string, help: string, labelNames: string[], buckets: number[]): Histogram;
  /**
   * One read per scrape shared by several gauges (the review queues' counts and oldest ages come from one query of
   * each queue, not one per gauge).
   */
  perScrape<T>(read: () => Promise<T>): () => Promise<T>;
}

export interface Counter {
  inc(labels: Record<string, string>, value?: number): void;
}

export interface Histogram {
  observe(labels: Record<string, string>, value: number): void;
}

/** What a domain is handed when metrics are off (no METRICS_TOKEN): counting costs nothing. */
export const noCounter: Counter = { inc: () => undefined };
export const noHistogram: Histogram = { observe: () => undefined };

const PREFIX = "tradewise_";

export function installMetrics(app: FastifyInstance, token: string | undefined): Metrics | null {
  if (!token) return null;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Gauges whose names end in _total, which Prometheus's own lint (promtool check metrics) refuses.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  const http = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "HTTP requests by route as registered, method and status",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    http.observe({ route: request.routeOptions.url ?? "unmatched", method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const expected = `Bearer ${token}`;
  let scrape = 0;
  app.get("/metrics", async (request, reply) => {
    if (request.headers.authorization !== expected) return reply.status(401).header("www-authenticate", "Bearer").type("text/plain").send("Unauthorized");
    scrape += 1;
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return {
    gauge(name, help, labelNames, read) {
      new client.Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
    countedElsewhere(name, help, labelNames, read) {
      new client.Counter({
        name: `${PREFIX}${name}`,
        help,
        labelNames,
        registers: [registry],
        collect() {
          this.reset();
          read((labels, value) => this.inc(labels, value));
        },
      });
    },
    counter(name, help, labelNames) {
      const counter = new client.Counter({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
      return { inc: (labels, value = 1) => counter.inc(labels, value) };
    },
    histogram(name, help, labelNames, buckets) {
      const histogram = new client.Histogram({ name: `${PREFIX}${name}`, help, labelNames, buckets, registers: [registry] });
      return { observe: (labels, value) => histogram.observe(labels, value) };
    },
    perScrape(read) {
      let cached: { scrape: number; value: ReturnType<typeof read> } | null = null;
      return () => {
        if (cached?.scrape !== scrape) cached = { scrape, value: read() };
        return cached.value;
      };
    },
    countOrders(routes) {
      const orders = new client.Counter({ name: `${PREFIX}orders_total`, help: "Order placements by product and result (accepted, or the refusal's code)", labelNames: ["product", "result"], registers: [registry] });
      app.addHook("onSend", (request, reply, payload, done) => {
        const product = routes[request.routeOptions.url ?? ""];
        if (product && typeof payload === "string") orders.inc({ product, result: resultOf(payload) });
        done(null, payload);
      });
    },
  };
}

/** The envelope's outcome: `accepted`, or the error's code (a closed catalogue, so the label stays bounded). */
function resultOf(payload: string): string {
  try {
    const body = JSON.parse(payload) as { type?: unknown; code?: unknown };
    if (body.type === "ok") return "accepted";
    return typeof body.code === "string" ? body.code : "refused";
  } catch {
    return "refused";
  }
}

/** A review queue as its domain counts it. */
export interface PendingQueue {
  count: number;
  oldest: Date | null;
}
