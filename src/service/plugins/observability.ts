// Request ids (X-Request-Id accepted when well-formed, else generated; always echoed) and
// Prometheus metrics: request counts and durations by route and status, scan submissions,
// queued/running scans at scrape time.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../../store/port.js';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: reuse a caller's id only when it is safe to log and echo. */
export function requestIdFrom(raw: RawRequestDefaultExpression): string {
  const header = raw.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID_RE.test(header) ? header : randomUUID();
}

export interface ServiceMetrics {
  registry: Registry;
  scansSubmitted: Counter<'scan_type'>;
}

export function createMetrics(store: Store): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'palisade_' });
  const scansSubmitted = new Counter({
    name: 'palisade_scans_submitted_total',
    help: 'Scans accepted by the API (idempotent replays excluded).',
    labelNames: ['scan_type'] as const,
    registers: [registry],
  });
  // Both read the store at scrape time: the queue's truth is the scans table (jobs are recovered
  // from it), and a store query works the same for the in-process and the pg-boss queue.
  const queueDepth = new Gauge({
    name: 'palisade_queue_depth',
    help: 'Scans accepted and waiting for a worker.',
    registers: [registry],
  });
  new Gauge({
    name: 'palisade_scans',
    help: 'Scans not yet finished, by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const unfinished = await store.scans.listUnfinished();
      const queued = unfinished.filter((s) => s.status === 'queued').length;
      this.set({ status: 'queued' }, queued);
      this.set({ status: 'running' }, unfinished.length - queued);
      queueDepth.set(queued);
    },
  });
  return { registry, scansSubmitted };
}

export function registerObservability(app: FastifyInstance, metrics: ServiceMetrics): void {
  const requests = new Counter({
    name: 'palisade_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: 'palisade_http_request_duration_seconds',
    help: 'HTTP request durations by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });

  // Label children looked up once per (method, route, status): prom-client hashes the label object
  // on every call otherwise, on the hot path. The set is small (routes are patterns).
  const series = new Map<string, { count(): void; time(seconds: number): void }>();
  const seriesFor = (method: string, route: string, status: string) => {
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (found === undefined) {
      const counter = requests.labels(method, route, status);
      const histogram = durations.labels(method, route, status);
      found = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
      series.set(key, found);
    }
    return found;
  };

  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL: bounded label cardinality.
    const route = request.is404 ? 'not_found' : (request.routeOptions.url ?? 'unknown');
    const recorded = seriesFor(request.method, route, String(reply.statusCode));
    recorded.count();
    recorded.time(reply.elapsedTime / 1000);
    // The route pattern, never the URL (report tokens are credentials, queries are noise).
    request.log.info(
      {
        reqId: request.id,
        method: request.method,
        route,
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.account?.id,
      },
      'request completed',
    );
    done();
  });
}
