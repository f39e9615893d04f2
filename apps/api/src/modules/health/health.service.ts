import type { HealthResponse } from '@tripcrew/contracts/health';
import type { Database } from '../../db/client.ts';

/** How often the background check asks the database, and how long one check may take. */
const REFRESH_MS = 5_000;
const TIMEOUT_MS = 2_000;

export interface HealthServiceOptions {
  database: Database;
  version: string;
  refreshMs?: number;
  timeoutMs?: number;
}

interface Readiness {
  reachable: boolean;
  latencyMs: number | null;
  checkedAt: Date;
}

export interface HealthService {
  /** The first check; then one every refreshMs in the background until stop(). */
  start(): Promise<void>;
  stop(): void;
  /** The status from the last check: no database work (load balancers call it every few seconds). */
  current(): HealthResponse;
  /**
   * GET /health: the last check while it found the database reachable (no database work); once
   * the database is known to be down, asks it again (one ping shared by concurrent probes), so a
   * recovery shows at once.
   */
  probe(): Promise<HealthResponse>;
  /** Asks the database now (for orchestrators and operators), and keeps the answer for current(). */
  deep(): Promise<HealthResponse>;
  /**
   * A request just found the database unavailable (connection refused or lost): the status says
   * so at once, without waiting for the next background check, and a check started before this
   * report cannot turn it back to reachable.
   */
  reportUnreachable(): void;
}

/**
 * Service status for GET /health (answered from a readiness state refreshed in the background,
 * so a health probe costs no database round trip) and GET /health/deep (checks now).
 */
export function createHealthService(options: HealthServiceOptions): HealthService {
  const { database, version } = options;
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let state: Readiness = { reachable: false, latencyMs: null, checkedAt: new Date() };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Readiness> | undefined;
  /** When a request last reported the database unavailable (performance.now()). */
  let reportedDownAt = -Infinity;

  async function ping(): Promise<Readiness> {
    let latencyMs: number | null = null;
    let timeout: NodeJS.Timeout | undefined;
    try {
      latencyMs = await Promise.race([
        database.ping(),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
    } catch {
      latencyMs = null;
    } finally {
      clearTimeout(timeout);
    }
    return { reachable: latencyMs !== null, latencyMs, checkedAt: new Date() };
  }

  /** One check at a time: concurrent deep checks share the one in flight. */
  function check(): Promise<Readiness> {
    if (running) return running;
    const startedAt = performance.now();
    running = ping().then((result) => {
      running = undefined;
      // A ping sent before a request saw the database go is no news of a recovery.
      if (result.reachable && reportedDownAt >= startedAt) return state;
      state = result;
      return result;
    });
    return running;
  }

  function answer(readiness: Readiness): HealthResponse {
    return {
      status: readiness.reachable ? 'ok' : 'degraded',
      version,
      uptimeSeconds: Math.round(process.uptime()),
      database: {
        engine: database.engine,
        reachable: readiness.reachable,
        latencyMs: readiness.latencyMs,
        checkedAt: readiness.checkedAt.toISOString(),
      },
    };
  }

  return {
    async start() {
      await check();
      timer ??= setInterval(() => void check(), refreshMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    current: () => answer(state),
    probe: async () => answer(state.reachable ? state : await check()),
    deep: async () => answer(await check()),
    reportUnreachable() {
      reportedDownAt = performance.now();
      if (state.reachable) state = { reachable: false, latencyMs: null, checkedAt: new Date() };
    },
  };
}
