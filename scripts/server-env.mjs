// The environment the server process starts with (npm start, bench:api; the Docker image's CMD sets
// the same): process-wide settings that must be in place before node starts. docs/decisions/028.

/**
 * For every engine: two glibc malloc arenas. glibc otherwise keeps one per thread that ever
 * allocated (V8's compiler threads, the thread pool), and after a load the server's RSS stays
 * about twice as high (bench/README.md, "Memory").
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * For the embedded engine only (no DATABASE_URL: the small server the idle target is for), where
 * PGlite's compilation and the boot's seed leave their mark on memory that is otherwise kept:
 * - glibc returns freed blocks of 128 kB or more (a fixed mmap threshold: by default it rises
 *   to 32 MB after the first large free, and what the boot frees then stays in the heap), and
 *   trims the heap's top beyond 128 kB;
 * - V8's young generation stays at 2 MB per semi-space instead of growing to 16 MB (32 MB resident
 *   after the boot's allocations).
 * PostgreSQL deployments keep the defaults.
 */
export const EMBEDDED_SERVER_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072',
  NODE_OPTIONS: '--max-semi-space-size=2',
};

/** The server's environment from `env` (process.env): these settings, where `env` sets none. */
export function serverEnv(env) {
  const embedded = env.DATABASE_URL ? {} : EMBEDDED_SERVER_ENV;
  const nodeOptions = [embedded.NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ');
  return {
    ...SERVER_ENV,
    ...embedded,
    ...env,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
}
