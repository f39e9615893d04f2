/**
 * The JavaScript a first visit to / downloads before the app can start, read from the build:
 * every `<script src>` and `<link rel="modulepreload">` of the built index.html, gzip-compressed
 * one by one (zlib's default level, what a server sends). Chunks that the app imports later
 * (lazy routes) are not in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget for the initial JavaScript on / (PERF-07), in bytes of gzip (kB = 1000 bytes, as Vite prints). */
export const INITIAL_JS_BUDGET_BYTES = 170_000;

/** Same-origin script URLs that index.html loads at once: module scripts and modulepreloads. */
export function initialScriptUrls(html) {
  const urls = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag) && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel')?.toLowerCase() === 'modulepreload';
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/**
 * The initial scripts of a built web app (`distDir` holds index.html): each file's raw and gzip
 * size, and the totals. Throws when index.html names a script that is not in the build.
 */
export function measureInitialJs(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = initialScriptUrls(html).map((url) => {
    if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) {
      throw new Error(`index.html loads a script from another origin: ${url}`);
    }
    const content = readFileSync(join(distDir, url.replace(/^\//, '')));
    return { url, bytes: content.length, gzip: gzipSync(content).length };
  });
  return {
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    budget: INITIAL_JS_BUDGET_BYTES,
  };
}
