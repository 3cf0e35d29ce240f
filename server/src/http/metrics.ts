// Prometheus metrics at /metrics, off unless METRICS_TOKEN is set (then the scrape must send it as a
// bearer token). The request path pays one histogram observation in onResponse, labelled by the
// route's pattern (bounded: never the raw URL); gauges are read only when scraped.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A gauge computed at scrape time (queue depth, open streams); labels are optional. */
export type GaugeCollect = () =>
  | number
  | Promise<number>
  | Record<string, number>
  | Promise<Record<string, number>>;

export type Metrics = {
  /** Whether /metrics is served (METRICS_TOKEN set); registrations are no-ops otherwise. */
  enabled: boolean;
  /**
   * Registers gauge `name`, read from `collect` at each scrape. A record answer sets one series per
   * key under the label `label` (e.g. `{ queued: 3, active: 1 }` with label `state`).
   */
  registerGauge(name: string, help: string, collect: GaugeCollect, label?: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Seconds; the API's answers mostly take 1-50 ms, reports and imports up to seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: Buffer): boolean {
  const g = Buffer.from(given);
  // Compared at equal length, so the time taken says nothing about the token.
  return g.length === expected.length && timingSafeEqual(g, expected);
}

export function registerMetrics(app: FastifyInstance, token: string | undefined): Metrics {
  if (!token) {
    const off: Metrics = { enabled: false, registerGauge: () => {} };
    app.decorate('metrics', off);
    return off;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: count and duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs share one label: a scan of random paths must not grow the series without end.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  const metrics: Metrics = {
    enabled: true,
    registerGauge(name, help, collect, label) {
      new Gauge({
        name,
        help,
        labelNames: label ? [label] : [],
        registers: [registry],
        async collect() {
          const v = await collect();
          if (typeof v === 'number') this.set(v);
          else for (const [k, n] of Object.entries(v)) this.set({ [label ?? 'key']: k }, n);
        },
      });
    },
  };
  app.decorate('metrics', metrics);
  const expected = Buffer.from(token);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match || !sameToken(match[1], expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('Unauthorized\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return metrics;
}
