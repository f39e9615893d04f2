import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** What the web build writes (apps/web/build/route-preloads.ts): each first page's chunks. */
const routePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      pattern: z.string().startsWith('/'),
      files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    }),
  ),
});

/** Path → the script chunks its first render loads beside the entry chunk. */
export type RouteChunks = (pathname: string) => readonly string[];

const NONE: RouteChunks = () => [];

/** Whether `pathname` has the pattern's shape: literal segments equal, `:name` any one segment. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/**
 * Reads dist/route-preloads.json once, at boot. A build without it (or an unreadable one) simply
 * announces no chunks: the pages load them themselves, as before (PERF-07).
 */
export function loadRouteChunks(distDir: string | undefined, log: FastifyBaseLogger): RouteChunks {
  if (!distDir) return NONE;
  let routes: z.infer<typeof routePreloadsSchema>['routes'];
  try {
    routes = routePreloadsSchema.parse(
      JSON.parse(readFileSync(join(distDir, 'route-preloads.json'), 'utf8')),
    ).routes;
  } catch (error) {
    log.debug({ err: error }, 'spa: no route chunks to announce');
    return NONE;
  }
  return (pathname) => routes.find((route) => matches(route.pattern, pathname))?.files ?? [];
}
