/**
 * `npm run bench:web-map`: the place screen's map with 1,000 features on a throttled phone.
 *
 * Builds the web app when its sources changed, imports 1,000 generated OpenStreetMap-shaped
 * points into Lisbon (`npm run import:features`, into a temp DATA_DIR, before the server opens
 * it), starts the real server on PGlite and drives Debian Chromium (WebGL by SwiftShader) at
 * 390×844, touch, 4× CPU throttling (CDP Emulation.setCPUThrottlingRate). Two runs of the same
 * page in the same browser: the reference (map hidden: the same pans and zooms as wheel scrolls of
 * the page) and the map (opened, every feature loaded and drawn, then dragged and zoomed). Long
 * tasks (PerformanceObserver 'longtask') are counted from the moment the page is idle. Prints the
 * longest task, the count over 200 ms and their ratio to the reference, and the time from 'Show
 * map' to a map at rest; writes bench/results/web-map/<date>.json. Loopback only; bounded in time.
 *
 * Knobs (environment): BENCH_MAP_FEATURES=1000  BENCH_MAP_CPU=4  BENCH_MAX_SECONDS=600
 * BENCH_WEB_DIST=<a built dist to use as is>  BENCH_RESULTS_DIR=bench/results
 * BENCH_MAP_PROFILE=<file.cpuprofile: the main thread's CPU profile of the map's pans and zooms>
 * CHROMIUM_PATH=/usr/bin/chromium
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { ensureWebBuild } from '../scripts/ensure.mjs';
import { placePath } from '../apps/web/src/lib/place-path.ts';
import { createCleanups, createLog, ROOT, sleep, startApi } from './lib/harness.mjs';

const env = process.env;
const FEATURES = Math.max(10, Number(env.BENCH_MAP_FEATURES ?? 1000));
const CPU_RATE = Math.max(1, Number(env.BENCH_MAP_CPU ?? 4));
const HARD_LIMIT_S = Number(env.BENCH_MAX_SECONDS ?? 600);
const RESULTS = env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results');
const LONG_TASK_MS = 200;

const log = createLog('bench:web-map');
const cleanups = createCleanups('bench:web-map', HARD_LIMIT_S);

/** OpenStreetMap-shaped points over Lisbon (sights, museums, viewpoints, restaurants, cafés). */
function lisbonPoints(count) {
  const tags = [
    { tourism: 'attraction' },
    { tourism: 'museum' },
    { tourism: 'viewpoint' },
    { tourism: 'gallery' },
    { amenity: 'restaurant', cuisine: 'portuguese' },
    { amenity: 'cafe' },
  ];
  // A fixed sequence (no Math.random): every run maps the same points.
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, i) => ({
      type: 'Feature',
      id: `node/${9_000_000 + i}`,
      properties: { '@id': `node/${9_000_000 + i}`, name: `Bench spot ${i + 1}`, ...tags[i % tags.length] },
      geometry: { type: 'Point', coordinates: [-9.23 + next() * 0.14, 38.69 + next() * 0.1] },
    })),
  };
}

/** Records long tasks from the first paint on; `window.__longTasks` is read and reset by the bench. */
const OBSERVER = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
`;

const takeLongTasks = (page) =>
  page.evaluate(() => {
    const tasks = window.__longTasks;
    window.__longTasks = [];
    return tasks;
  });

/** Quiet: no long task for `ms` (the page or map is idle), up to `limit`. */
async function waitQuiet(page, ms = 1500, limit = 20_000) {
  const end = Date.now() + limit;
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() < end) {
    const count = await page.evaluate(() => window.__longTasks.length);
    if (count !== seen) {
      seen = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= ms) return;
    await sleep(200);
  }
}

const summary = (tasks) => ({
  tasks: tasks.length,
  longestMs: tasks.length ? Math.max(...tasks) : 0,
  over200: tasks.filter((d) => d > LONG_TASK_MS).length,
  blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
});

async function openPlace(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript(OBSERVER);
  // The cookie notice is answered: it would cover the map's lower part.
  await context.addInitScript(() =>
    localStorage.setItem('cookie-accept', JSON.stringify({ isCookieAccepted: 'true' })),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await page.goto(url);
  await page.getByTestId('feature-card').first().waitFor({ timeout: 60_000 });
  await waitQuiet(page);
  await takeLongTasks(page);
  return { context, page };
}

/** The interaction: three drags and three wheel zooms over the map's box (or the page there). */
async function panAndZoom(page, box) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [
    [120, 60],
    [-160, -40],
    [60, -80],
  ]) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 8 });
    await page.mouse.up();
    await waitQuiet(page, 800, 8000);
  }
  for (const delta of [-400, -400, 600]) {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, delta);
    await waitQuiet(page, 800, 8000);
  }
}

async function main() {
  const started = new Date();
  const loadBefore = loadavg().map((v) => v.toFixed(2));
  log(`${cpus().length} cores, load average ${loadBefore.join(' / ')}`);
  let distDir = env.BENCH_WEB_DIST ? resolve(env.BENCH_WEB_DIST) : undefined;
  if (!distDir) {
    process.env.NODE_ENV = 'production';
    ensureWebBuild();
    distDir = join(ROOT, 'apps/web/dist');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-bench-map-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = join(dataDir, 'lisbon-bench.geojson');
  writeFileSync(file, JSON.stringify(lisbonPoints(FEATURES)));
  log(`importing ${FEATURES} features into Lisbon…`);
  const imported = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/modules/features/import/import-features.ts', file, '--place', 'Lisbon'],
    {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, SEED_PLACES: 'curated', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 240_000,
    },
  );
  if (imported.status !== 0) throw new Error(`import:features failed:\n${imported.stderr}`);
  log(imported.stdout.trim().split('\n').slice(-2).join(' | '));

  const api = await startApi(cleanups, 'web-map', {
    DATA_DIR: dataDir,
    SEED_PLACES: 'curated',
    WEB_DIST: distDir,
  });
  const places = await (await fetch(`${api.base}/api/core/places/autocomplete?q=Lisbon`)).json();
  const lisbon = places.find((place) => place.title === 'Lisbon') ?? places[0];
  const search = await (
    await fetch(
      `${api.base}/api/core/features/search/?placeId=${encodeURIComponent(lisbon._id)}&skip=0&limit=1`,
    )
  ).json();
  log(`Lisbon has ${search.total} features`);
  const url = `${api.base}${placePath(lisbon)}`;

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
  cleanups.push(() => browser.close());

  // The reference: the same page, map hidden, the same gestures over the same box of the page.
  const reference = await openPlace(browser, url);
  const toggle = reference.page.getByRole('button', { name: 'Show map' });
  const refBox = await toggle.boundingBox();
  await panAndZoom(reference.page, { x: 0, y: (refBox?.y ?? 100) + 60, width: 390, height: 460 });
  const referenceTasks = summary(await takeLongTasks(reference.page));
  await reference.context.close();

  const mapped = await openPlace(browser, url);
  const opening = Date.now();
  await mapped.page.getByRole('button', { name: 'Show map' }).click();
  await mapped.page.locator('[data-map-state="ready"]').waitFor({ timeout: 90_000 });
  await mapped.page
    .getByTestId('map-summary')
    .filter({ hasText: /\d+ features on the map/ })
    .waitFor({ timeout: 90_000 });
  // At rest: the features drawn and no long task for a while (measured from the click).
  await waitQuiet(mapped.page, 1500, 60_000);
  const toIdleMs = Date.now() - opening - 1500;
  const openingTasks = summary(await takeLongTasks(mapped.page));
  const shown = await mapped.page.getByTestId('map-summary').textContent();
  const box = await mapped.page.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no map canvas');
  const profiler = env.BENCH_MAP_PROFILE ? await mapped.context.newCDPSession(mapped.page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  await panAndZoom(mapped.page, box);
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    writeFileSync(resolve(env.BENCH_MAP_PROFILE), JSON.stringify(profile));
    log(`CPU profile of the pans and zooms: ${env.BENCH_MAP_PROFILE}`);
  }
  const mapTasks = summary(await takeLongTasks(mapped.page));
  await mapped.context.close();

  const ratio = (a, b) => (b > 0 ? Number((a / b).toFixed(2)) : null);
  const result = {
    date: started.toISOString(),
    machine: { cores: cpus().length, loadBefore, loadAfter: loadavg().map((v) => v.toFixed(2)) },
    setup: {
      features: search.total,
      shown,
      viewport: '390x844',
      cpuThrottling: CPU_RATE,
      webgl: 'SwiftShader',
    },
    openMap: { toIdleMs, ...openingTasks },
    reference: referenceTasks,
    map: mapTasks,
    ratios: {
      longest: ratio(mapTasks.longestMs, referenceTasks.longestMs),
      over200: ratio(mapTasks.over200, referenceTasks.over200),
    },
  };
  console.log(
    `map after idle: longest task ${mapTasks.longestMs} ms (reference ${referenceTasks.longestMs} ms${result.ratios.longest === null ? '' : `, ×${result.ratios.longest}`}), ` +
      `${mapTasks.over200} over 200 ms (reference ${referenceTasks.over200}); ` +
      `${search.total} features, 'Show map' to a map at rest ${toIdleMs} ms (${openingTasks.over200} tasks over 200 ms, longest ${openingTasks.longestMs} ms), CPU ÷${CPU_RATE}`,
  );
  const dir = join(RESULTS, 'web-map');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${started.toISOString().slice(0, 10)}.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out}`);
}

main()
  .then(async () => {
    await cleanups.cleanup();
    cleanups.done();
    process.exit(0);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanups.cleanup();
    process.exit(1);
  });
