import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { BasemapFont } from './maps-glyphs.ts';
import type { TilerRequest, TilerResponse } from './maps-tiler.worker.ts';

/** What to ask the worker, before it is given an id. */
type TilerAsk =
  { kind: 'tile'; z: number; x: number; y: number } | { kind: 'glyphs'; font: BasemapFont; start: number };

/** The built-in basemap's tiles and glyphs, cut in a worker thread (decision 043). */
export interface BasemapTiler {
  /** A gzipped vector tile, or null for a tile with nothing on it. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
  /** A glyph PBF of 256 code points from `start`. */
  glyphs(font: BasemapFont, start: number): Promise<Uint8Array>;
  /** Whether the worker is up (tests and the warm-up ask). */
  running(): boolean;
  close(): Promise<void>;
}

export interface TilerOptions {
  /** The worker stops after this long without a request, and gives its memory back. */
  idleMs?: number;
  /** Bytes of answers kept on this thread (tiles and glyphs are asked for again and again). */
  cacheBytes?: number;
}

const require = createRequire(import.meta.url);

/**
 * The worker's entry is TypeScript like the rest of the server: it is loaded through tsx's API,
 * which works whether or not this thread was started with `--import tsx` (tests are not).
 */
function startWorker(): Worker {
  const tsx = pathToFileURL(require.resolve('tsx').replace(/loader\.mjs$/, 'esm/api/index.mjs')).href;
  const entry = new URL('./maps-tiler.worker.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(source, { eval: true, name: 'basemap-tiler' });
}

type Pending = { resolve: (bytes: Uint8Array | null) => void; reject: (error: Error) => void };

export function createBasemapTiler(options: TilerOptions = {}): BasemapTiler {
  const idleMs = options.idleMs ?? 10 * 60_000;
  const cache = new LRUCache<string, { bytes: Uint8Array | null }>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.bytes?.byteLength ?? 0),
  });
  const inFlight = new Map<string, Promise<Uint8Array | null>>();
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  const stop = async () => {
    clearTimeout(idleTimer);
    const current = worker;
    worker = undefined;
    failAll(new Error('The basemap tiler was closed.'));
    if (current) await current.terminate();
  };
  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (response: TilerResponse) => {
      const entry = pending.get(response.id);
      if (!entry) return;
      pending.delete(response.id);
      if (pending.size === 0) {
        started.unref();
        // Idle from the last answer on.
        idleTimer = setTimeout(() => void stop(), idleMs);
        idleTimer.unref();
      }
      if ('error' in response) entry.reject(new Error(response.error));
      else entry.resolve(response.bytes ? new Uint8Array(response.bytes) : null);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      // A worker stopped on purpose is no longer the current one, and owed nothing (stop()).
      if (worker !== started) return;
      worker = undefined;
      failAll(new Error(`The basemap tiler stopped (exit code ${code}).`));
    });
    // Held only while it owes answers: an idle worker never keeps the process alive.
    worker = started;
    return started;
  };
  const ask = (key: string, request: TilerAsk): Promise<Uint8Array | null> => {
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit.bytes);
    const running = inFlight.get(key);
    if (running) return running;
    clearTimeout(idleTimer);
    const id = ++nextId;
    const answer = new Promise<Uint8Array | null>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const message: TilerRequest = { ...request, id };
      const current = ensureWorker();
      current.ref();
      current.postMessage(message);
    })
      .then((bytes) => {
        cache.set(key, { bytes });
        return bytes;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, answer);
    return answer;
  };
  return {
    tile: (z, x, y) => ask(`t/${z}/${x}/${y}`, { kind: 'tile', z, x, y }),
    glyphs: async (font, start) =>
      (await ask(`g/${font}/${start}`, { kind: 'glyphs', font, start })) ?? new Uint8Array(0),
    running: () => worker !== undefined,
    close: stop,
  };
}
