/**
 * Prometheus metrics (prom-client): request durations per route pattern and status, the database
 * pool's connections in use and callers waiting, and the process's own (memory, CPU, event loop).
 * Served by a listener of their own (METRICS_PORT), never on the portal's public port.
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestRecord } from './logger';

export interface Metrics {
  registry: Registry;
  observeRequest(record: RequestRecord): void;
  /** Counts a failed attempt to send an email or a push message. */
  deliveryFailed(channel: string): void;
  /** Reads the job queue's depth per channel at each scrape. */
  watchQueue(depth: () => Promise<Record<string, number>>): void;
}

export function createMetrics(poolStats?: () => { inUse: number; waiting: number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being made, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'PostgreSQL pool connections running a query.',
      registers: [registry],
      collect() {
        this.set(poolStats().inUse);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Callers waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  const failures = new Counter({
    name: 'notification_delivery_failures_total',
    help: 'Failed attempts to send a notification email or push message (each is retried).',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  let queueDepth: (() => Promise<Record<string, number>>) | undefined;
  new Gauge({
    name: 'notification_queue_depth',
    help: 'Notification emails and push messages waiting in the job queue, per channel, as the queue last counted them (about once a minute).',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      if (!queueDepth) return;
      for (const [channel, size] of Object.entries(await queueDepth())) {
        this.set({ channel }, size);
      }
    },
  });
  return {
    registry,
    deliveryFailed(channel) {
      failures.inc({ channel });
    },
    watchQueue(depth) {
      queueDepth = depth;
    },
    observeRequest({ method, route, status, durationMs }) {
      duration.observe({ method, route, status: String(status) }, durationMs / 1000);
    },
  };
}

/** `GET /metrics` on its own port; anything else there is a 404. */
export function serveMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      const address = server.address();
      listening({
        port: typeof address === 'object' && address ? address.port : port,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
