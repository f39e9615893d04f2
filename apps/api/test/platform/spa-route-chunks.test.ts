import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRouteChunks } from '../../src/platform/spa-route-chunks.ts';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A built web app folder holding only `route-preloads.json` with `content` (none when null). */
function dist(content: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-route-chunks-'));
  dirs.push(dir);
  if (content !== null) writeFileSync(join(dir, 'route-preloads.json'), content);
  return dir;
}

describe('route chunks announced with a page', () => {
  it('[PERF-07] matches literal segments and one segment per :name, the home page only at /', () => {
    const chunks = loadRouteChunks(
      dist(
        JSON.stringify({
          routes: [
            { pattern: '/', files: ['/assets/home-1.js'] },
            { pattern: '/place/:country/:type', files: ['/assets/place-2.js'] },
            { pattern: '/trips/:id', files: ['/assets/trip-3.js', '/assets/contracts-4.js'] },
          ],
        }),
      ),
      log,
    );
    expect(chunks('/')).toEqual(['/assets/home-1.js']);
    expect(chunks('/place/portugal/city')).toEqual(['/assets/place-2.js']);
    expect(chunks('/place/portugal')).toEqual([]);
    expect(chunks('/place/portugal/city/lisbon')).toEqual([]);
    expect(chunks('/trips/abc')).toEqual(['/assets/trip-3.js', '/assets/contracts-4.js']);
    expect(chunks('/trips/abc/')).toEqual(['/assets/trip-3.js', '/assets/contracts-4.js']);
    expect(chunks('/trips')).toEqual([]);
    expect(chunks('/trips//')).toEqual([]);
    expect(chunks('/crew')).toEqual([]);
  });

  it('[PERF-07] a missing, unreadable or foreign file announces nothing (the page loads as before)', () => {
    const foreign = JSON.stringify({ routes: [{ pattern: '/', files: ['https://cdn.example/x.js'] }] });
    for (const content of [null, '{not json', '{"routes":"x"}', foreign]) {
      expect(loadRouteChunks(dist(content), log)('/'), String(content)).toEqual([]);
    }
    expect(loadRouteChunks(undefined, log)('/')).toEqual([]);
  });
});
