import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from './openapi.ts';

/**
 * Serves the built web app: hashed assets cached for a year (sent as the build's Brotli or gzip
 * copy when it wrote one), index.html and /sw.js always revalidated, and every other GET that
 * wants HTML gets index.html (history fallback).
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined): Promise<boolean> {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build's Brotli / gzip copies of scripts and stylesheets (decision 026), chosen by the
    // request's Accept-Encoding; files without a copy are compressed on the fly as before.
    preCompressed: true,
    setHeaders(reply, path) {
      if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
      if (path.endsWith('sw.js')) reply.header('service-worker-allowed', '/');
    },
  });
  return true;
}

export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (
    request.url === API_PREFIX ||
    request.url.startsWith(`${API_PREFIX}/`) ||
    request.url.startsWith(`${API_PREFIX}?`)
  )
    return false;
  // A missing file with an extension (e.g. /logo.png) is a real 404, not a page.
  const path = request.url.split('?')[0] ?? '/';
  return !/\.[a-z0-9]{1,8}$/i.test(path);
}

/**
 * A resource the page will need at once, announced with the page: an image (`Link: rel=preload`)
 * or a script chunk (`Link: rel=modulepreload`, fetched and compiled as the module it is).
 */
export interface SpaPreload {
  href: string;
  as: 'image' | 'module';
}

/** A URL made safe inside `<…>` of a header: no control characters, spaces or angle brackets. */
const headerSafeUrl = (href: string): string =>
  href.replace(/[^\x21-\x7e]|[<>"]/g, (char) => encodeURIComponent(char));

/** The `Link` header value for `preloads` (images at high priority: each is what the first screen shows). */
export function preloadLinkHeader(preloads: readonly SpaPreload[]): string {
  return preloads
    .map(({ href, as }) =>
      as === 'module'
        ? `<${headerSafeUrl(href)}>; rel=modulepreload`
        : `<${headerSafeUrl(href)}>; rel=preload; as=${as}; fetchpriority=high`,
    )
    .join(', ');
}

export function sendSpaIndex(reply: FastifyReply, preloads: readonly SpaPreload[] = []): FastifyReply {
  if (preloads.length > 0) reply.header('link', preloadLinkHeader(preloads));
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
