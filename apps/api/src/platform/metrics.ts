import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { LiveConnectionCounter } from './live-socket.ts';
import { API_PREFIX } from './openapi.ts';

/**
 * Prometheus metrics at GET /api/metrics (OPS-12, docs/decisions/008-metrics-endpoint.md).
 *
 * - HTTP: a counter and a latency histogram per method, route PATTERN (never the raw URL, so
 *   /api/core/trips/:id is one series whatever the ids) and status; recorded in onResponse from
 *   reply.elapsedTime, nothing on the request path itself.
 * - Database pool (PostgreSQL only), open and authenticated WebSocket connections: gauges read
 *   when Prometheus scrapes.
 * - Process: prom-client's default metrics, event-loop lag included (perf_hooks
 *   monitorEventLoopDelay). They describe the process, so they live in one registry per process;
 *   everything else lives in a registry per app (tests build many apps in one process).
 *
 * Access: with METRICS_TOKEN set, a request needs `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time). In production without a token the route is not registered at all.
 */

export const METRICS_ROUTE = '/metrics';
const METRICS_URL = `${API_PREFIX}${METRICS_ROUTE}`;
/** Route label of an /api request that matched no route (its raw URL would be unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';
/** Route label of everything outside /api: the built web app and its history fallback. */
export const WEB_ROUTE = 'web';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; from a cached read (a few ms) to a slow upload (several seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** The process-wide registry of default metrics (created once: its event-loop monitor stays on). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  database: Pick<Database, 'poolStats'>;
  /** Authenticated live sockets held by this instance (the live hub's count). */
  liveSockets: () => number;
}

export interface Metrics {
  /** The Prometheus text exposition of this app and of the process. */
  scrape(): Promise<string>;
  readonly contentType: string;
  /** Counts WebSocket upgrades on this instance, authenticated or not (for live-socket.ts). */
  readonly connections: LiveConnectionCounter;
  /** Records one finished request (what the onResponse hook calls). */
  observe(method: string, route: string, statusCode: number, seconds: number): void;
}

export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'tripcrew_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'tripcrew_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const openSockets = new Gauge({
    name: 'tripcrew_websocket_connections',
    help: 'WebSocket connections to /api/users/ws open on this instance (authenticated or not).',
    registers,
  });
  new Gauge({
    name: 'tripcrew_websocket_authenticated_connections',
    help: 'Authenticated live sockets held by this instance.',
    registers,
    collect() {
      this.set(deps.liveSockets());
    },
  });

  // The embedded engine has no pool: no pool series at all rather than misleading zeros.
  if (deps.database.poolStats() !== undefined) {
    const poolGauge = (
      name: string,
      help: string,
      pick: (s: { total: number; idle: number; waiting: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = deps.database.poolStats();
          if (stats) this.set(pick(stats));
        },
      });
    poolGauge(
      'tripcrew_db_pool_connections',
      'PostgreSQL connections in the pool (busy and idle).',
      (s) => s.total,
    );
    poolGauge('tripcrew_db_pool_idle_connections', 'PostgreSQL connections idle in the pool.', (s) => s.idle);
    poolGauge(
      'tripcrew_db_pool_waiting_clients',
      'Queries waiting for a free pool connection.',
      (s) => s.waiting,
    );
  }

  return {
    contentType: registry.contentType,
    async scrape() {
      const [own, shared] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own.trimEnd()}\n${shared}`;
    },
    connections: {
      opened: () => openSockets.inc(),
      closed: () => openSockets.dec(),
    },
    observe(method, route, statusCode, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: m, route, status_code: String(statusCode) });
      latency.observe({ method: m, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
  };
}

/** The route label of a request: its pattern, never its raw URL. */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  const path = request.url;
  const underApi =
    path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${API_PREFIX}?`);
  if (!underApi) return WEB_ROUTE;
  return request.is404 || !pattern ? UNMATCHED_ROUTE : pattern;
}

/** Records every answered request (call before the routes are registered: a root hook). */
export function registerMetricsHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Scrapes are operations, not product traffic.
    if (request.routeOptions.url !== METRICS_URL) {
      metrics.observe(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}

/** Equal in constant time whatever the lengths (both sides hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function requireToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const given = bearerOf(request);
  if (given !== undefined && sameSecret(given, token)) return;
  reply.header('www-authenticate', 'Bearer realm="metrics"');
  throw new AppError(
    'UNAUTHORIZED',
    'Metrics need a valid token: send Authorization: Bearer <METRICS_TOKEN>.',
    401,
  );
}

export interface MetricsRouteDeps {
  metrics: Metrics;
  /** Required bearer token; undefined leaves the route open (development and tests). */
  token: string | undefined;
}

export const metricsRoutes =
  (deps: MetricsRouteDeps): FastifyPluginAsync =>
  async (app) => {
    app.get(
      METRICS_ROUTE,
      {
        schema: {
          tags: ['platform'],
          summary: 'Prometheus metrics (text exposition format)',
          description:
            'Request counts and latency histograms by route pattern, database pool, WebSocket connections, event-loop lag and process metrics. In production it needs Authorization: Bearer <METRICS_TOKEN>, and does not exist when METRICS_TOKEN is unset.',
          ...(deps.token ? { security: [{ metricsToken: [] }] } : {}),
        },
        // Scrapers must get through when the app is busiest; the token is 32+ random characters.
        config: { rateLimitGroup: 'none' },
      },
      async (request, reply) => {
        if (deps.token) requireToken(request, reply, deps.token);
        reply.header('cache-control', 'no-store').type(deps.metrics.contentType);
        return deps.metrics.scrape();
      },
    );
  };
