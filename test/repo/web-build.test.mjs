// Page speed (PERF-06/PERF-07) on the build: the initial JavaScript of / (≤ 170 kB gzip), the
// compile hints, the start-up script, the precompressed copies and the first-page chunks. Cheap
// checks of files, so they run in `npm test`; the Lighthouse run itself is a benchmark
// (bench-web.test.mjs, `npm run bench:smoke`, and `npm run bench:web`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_JS_BUDGET_BYTES,
  initialScriptUrls,
  measureInitialJs,
} from '../../bench/lib/web-initial-js.mjs';
import { figuresOf, withOneRetry } from '../../bench/lib/web-lighthouse.mjs';
import { COMPILE_HINT, withCompileHint } from '../../apps/web/build/compile-hints.ts';
import { routeFiles } from '../../apps/web/build/route-preloads.ts';
import { withEarlyRequestsScript } from '../../apps/web/build/early-requests-script.ts';
import { firstPageChunks, reachedModules } from '../../apps/web/build/first-page-chunks.ts';
import { PRECOMPRESS_MIN_BYTES } from '../../apps/web/build/precompress.ts';
import { moveStylesheetsAfterShell } from '../../apps/web/build/stylesheet-after-shell.ts';
import { root } from '../../scripts/ensure.mjs';

/**
 * Builds the web app when its sources changed, in a child process with NODE_ENV=production: under
 * the test runner NODE_ENV is "test", and Vite would build the development flavour (a bigger bundle
 * with React's development runtime) into the shared dist.
 */
function ensureProductionBuild() {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import('./scripts/ensure.mjs').then((m) => m.ensureWebBuild())"],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

describe('page speed', () => {
  it('[PERF-06] reads every module script and modulepreload of index.html, and nothing else', () => {
    const html = `<html><head>
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js">
      <link rel="stylesheet" href="/assets/index-c.css">
      <link rel="preload" as="image" href="/hero.webp">
      <link rel="modulepreload" href="/assets/react-b.js">
    </head></html>`;
    expect(initialScriptUrls(html)).toEqual(['/assets/index-a.js', '/assets/react-b.js']);
  });

  it('[PERF-06][PERF-07] measures the initial JavaScript on / (index.html scripts and modulepreloads, gzip): at most 170 kB', () => {
    ensureProductionBuild();
    const initial = measureInitialJs(join(root, 'apps/web/dist'));
    const report = initial.files.map((f) => `${f.url} ${(f.gzip / 1000).toFixed(1)} kB`).join('\n');
    expect(initial.files.length, report).toBeGreaterThan(0);
    for (const file of initial.files) expect(file.gzip, file.url).toBeGreaterThan(0);
    console.warn(`initial JavaScript on /: ${(initial.totalGzip / 1000).toFixed(1)} kB gzip\n${report}`);
    // zod and the contracts' schemas load on first use (apps/web/src/lib/lazy-schema.ts), not here.
    for (const file of initial.files) {
      const code = readFileSync(join(root, 'apps/web/dist', file.url.replace(/^\//, '')), 'utf8');
      expect(code.includes('ZodObject'), `zod in the first download: ${file.url}`).toBe(false);
    }
    expect(initial.totalGzip, `initial JavaScript on /:\n${report}`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
  }, 120_000);

  it('[PERF-06] measures a run again once when Lighthouse lost its recording, and only then', async () => {
    const lost = () =>
      Object.assign(new Error('Lighthouse: NO_NAVSTART'), { lighthouseRuntimeError: 'NO_NAVSTART' });
    const heard = [];
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject(lost()) : Promise.resolve({ performance: 80 }));
    await expect(withOneRetry(flaky, (error) => heard.push(error.message))).resolves.toEqual({
      performance: 80,
    });
    expect(heard).toEqual(['Lighthouse: NO_NAVSTART']);
    // Twice lost: the bench stops. Any other error: no second try.
    await expect(
      withOneRetry(
        () => Promise.reject(lost()),
        () => undefined,
      ),
    ).rejects.toThrow('NO_NAVSTART');
    let other = 0;
    const broken = () => {
      other += 1;
      return Promise.reject(new Error('no Chromium'));
    };
    await expect(withOneRetry(broken, () => undefined)).rejects.toThrow('no Chromium');
    expect(other).toBe(1);
  });

  it('[PERF-06] reports the CPU benchmark index Lighthouse measured the machine with', () => {
    const lhr = (environment) => ({ audits: {}, categories: {}, environment });
    expect(figuresOf(lhr({ benchmarkIndex: 2417.6 })).benchmarkIndex).toBe(2418);
    expect(figuresOf(lhr(undefined)).benchmarkIndex).toBeNull();
  });

  it('[PERF-07] puts the compile hint on the first line of a chunk once, and shifts its source map a line', () => {
    const once = withCompileHint('const a=1;\nexport{a};', { mappings: 'AAAA;AACA' });
    expect(once.code).toBe(`${COMPILE_HINT}\nconst a=1;\nexport{a};`);
    expect(once.map).toEqual({ mappings: ';AAAA;AACA' });
    expect(withCompileHint(once.code, once.map)).toEqual(once);
    expect(withCompileHint('x', null)).toEqual({ code: `${COMPILE_HINT}\nx`, map: null });
  });

  it('[PERF-07] every built chunk opens with the compile hint, ahead of the preload map Vite adds', () => {
    ensureProductionBuild();
    const assets = join(root, 'apps/web/dist/assets');
    const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of chunks) {
      const code = readFileSync(join(assets, name), 'utf8');
      expect(code.startsWith(`${COMPILE_HINT}\n`), name).toBe(true);
    }
    // Built from under the test runner too, the app keeps its service worker (SHELL-21).
    expect(existsSync(join(root, 'apps/web/dist/sw.js'))).toBe(true);
    // The entry carries Vite's preload map (its dynamic imports): the hint is still first.
    const entry = chunks.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('__vite__mapDeps'),
    );
    expect(entry.length).toBeGreaterThan(0);
    // The trip page's chunks are announced with it: its own (the page and its prefetch, decision
    // 027) and the contracts, all built.
    const preloads = JSON.parse(readFileSync(join(root, 'apps/web/dist/route-preloads.json'), 'utf8'));
    const trip = preloads.routes.find((route) => route.pattern === '/trips/:id');
    expect(trip.files.some((file) => /\/first-trip-[\w-]+\.js$/.test(file))).toBe(true);
    expect(trip.files.some((file) => /\/contracts-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of preloads.routes.flatMap((route) => route.files)) {
      expect(chunks, file).toContain(file.replace('/assets/', ''));
    }
  }, 120_000);

  it('[PERF-07] moves the stylesheet links from the head to the end of the body, and nothing else', () => {
    const html = [
      '<html><head>',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index-b.css">',
      '    <link rel="icon" href="/favicon.svg" />',
      '</head><body>',
      '    <div id="boot-shell"></div>',
      '  </body></html>',
    ].join('\n');
    const moved = moveStylesheetsAfterShell(html);
    const [head, body] = moved.split('</head>');
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('/assets/index-a.js');
    expect(head).toContain('/favicon.svg');
    expect(body.indexOf('index-b.css')).toBeGreaterThan(body.indexOf('boot-shell'));
    expect(body.indexOf('index-b.css')).toBeLessThan(body.indexOf('</body>'));
    expect(moveStylesheetsAfterShell(moved)).toBe(moved);
    // A page without a stylesheet is left as it is.
    expect(moveStylesheetsAfterShell('<head></head><body></body>')).toBe('<head></head><body></body>');
  });

  it('[PERF-07] the built page paints its boot shell from inline rules: no stylesheet in the head', () => {
    ensureProductionBuild();
    const html = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
    const [head, body] = html.split('</head>');
    expect(head).not.toMatch(/rel="stylesheet"/);
    expect(head).toMatch(/<style>[^<]*#boot-shell[^<]*<\/style>/);
    expect(body).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[\w-]+\.css"/);
    expect(body.indexOf('rel="stylesheet"')).toBeGreaterThan(body.indexOf('id="boot-shell"'));
  }, 120_000);

  it('[PERF-07] puts the start-up script in the head before the app entry, and appends it when there is none', () => {
    const html = [
      '<head>',
      '    <title>T</title>',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '</head>',
    ].join('\n');
    const withScript = withEarlyRequestsScript(html, '/assets/early-requests-b.js');
    expect(withScript.indexOf('early-requests-b.js')).toBeLessThan(withScript.indexOf('index-a.js'));
    expect(withScript).toContain(
      '<script type="module" async crossorigin src="/assets/early-requests-b.js"></script>',
    );
    expect(withEarlyRequestsScript('<head>\n</head>', '/e.js')).toMatch(
      /src="\/e\.js"><\/script>\n {2}<\/head>/,
    );
  });

  it('[PERF-07] the built page loads the start-up script first, on its own: async and importing nothing', () => {
    ensureProductionBuild();
    const html = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
    const [head] = html.split('</head>');
    const early =
      /<script type="module" async crossorigin src="\/(assets\/early-requests-[\w-]+\.js)"><\/script>/.exec(
        head,
      );
    expect(early).not.toBeNull();
    expect(head.indexOf(early[0])).toBeLessThan(
      head.search(/<script type="module" crossorigin src="\/assets\/index-/),
    );
    const code = readFileSync(join(root, 'apps/web/dist', early[1]), 'utf8');
    expect(code).not.toMatch(/\bimport\s*[({"'`\w*]/);
    expect(code).toContain('/core/trips/features/');
    // Small: it must arrive long before the app's entry.
    expect(gzipSync(code).length).toBeLessThan(2048);
  }, 120_000);

  it('[PERF-07] the build writes a Brotli and a gzip copy of each script and stylesheet, each decoding to the file', () => {
    ensureProductionBuild();
    const assets = join(root, 'apps/web/dist/assets');
    const names = readdirSync(assets);
    const code = names.filter((name) => /\.(m?js|css)$/.test(name));
    let copied = 0;
    for (const name of code) {
      const data = readFileSync(join(assets, name));
      if (data.length < PRECOMPRESS_MIN_BYTES) {
        expect(names, name).not.toContain(`${name}.br`);
        continue;
      }
      const br = readFileSync(join(assets, `${name}.br`));
      const gz = readFileSync(join(assets, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(data), name).toBe(true);
      expect(gunzipSync(gz).equals(data), name).toBe(true);
      expect(br.length, name).toBeLessThan(data.length);
      copied += 1;
    }
    expect(copied).toBeGreaterThan(10);
    // The entry travels smaller as Brotli than as gzip.
    const entry = code.find((name) => /^index-[\w-]+\.js$/.test(name));
    expect(readFileSync(join(assets, `${entry}.br`)).length).toBeLessThan(
      readFileSync(join(assets, `${entry}.gz`)).length * 0.95,
    );
    // The service worker precaches the files, never their copies.
    expect(readFileSync(join(root, 'apps/web/dist/sw.js'), 'utf8')).not.toMatch(/\.(br|gz)"/);
  }, 120_000);

  it('[PERF-07] first pages: what one page runs goes to its own chunk, what several run to the shared one, the rest nowhere', () => {
    const root = 'file:///app/';
    const imports = {
      '/app/trip.tsx': ['/app/card.tsx', '/app/tabs.tsx', '/app/zod.ts'],
      '/app/place.tsx': ['/app/card.tsx', '/app/hero.tsx'],
      '/app/card.tsx': ['/app/icon.ts'],
      '/app/zod.ts': ['/app/zod-core.ts'],
    };
    const graph = { getModuleInfo: (id) => ({ importedIds: imports[id] ?? [] }) };
    const pages = [
      { name: 'trip', modules: ['trip.tsx'] },
      { name: 'place', modules: ['place.tsx'] },
    ];
    const skip = /zod/;
    expect([...reachedModules(graph, pages, root, skip).get('trip')].sort()).toEqual([
      '/app/card.tsx',
      '/app/icon.ts',
      '/app/tabs.tsx',
      '/app/trip.tsx',
    ]);
    const { shared, own } = firstPageChunks(pages, root, skip);
    const names = (id) => [shared(id, graph), own(id, graph)];
    expect(names('/app/card.tsx')).toEqual(['first-shared', null]);
    expect(names('/app/icon.ts')).toEqual(['first-shared', null]);
    expect(names('/app/tabs.tsx')).toEqual([null, 'first-trip']);
    expect(names('/app/hero.tsx')).toEqual([null, 'first-place']);
    expect(names('/app/zod-core.ts')).toEqual([null, null]);
    expect(names('/app/elsewhere.tsx')).toEqual([null, null]);
  });

  it('[PERF-07] the built first pages each load a handful of files beside the entry, not twenty', () => {
    ensureProductionBuild();
    const { routes } = JSON.parse(readFileSync(join(root, 'apps/web/dist/route-preloads.json'), 'utf8'));
    const trip = routes.find((route) => route.pattern === '/trips/:id');
    expect(trip.files[0]).toMatch(/^\/assets\/first-trip-[\w-]+\.js$/);
    for (const route of routes) {
      expect(route.files.length, route.pattern).toBeLessThanOrEqual(6);
      expect(
        route.files.some((file) => /\/first-shared-/.test(file)),
        route.pattern,
      ).toBe(true);
    }
  }, 120_000);

  it("[PERF-07] a route's chunks: its modules' chunks and their static imports, in order, no entry, no repeats", () => {
    const root = 'file:///app/';
    const chunk = (fileName, moduleIds, imports = [], isEntry = false) => ({
      fileName,
      moduleIds,
      imports,
      isEntry,
    });
    const chunks = [
      chunk('assets/index.js', ['/app/src/main.tsx'], [], true),
      chunk(
        'assets/trip.js',
        ['/app/src/trip.tsx'],
        ['assets/index.js', 'assets/tabs.js', 'assets/heart.js'],
      ),
      chunk('assets/tabs.js', ['/app/src/tabs.tsx'], ['assets/index.js']),
      chunk('assets/heart.js', ['/app/src/heart.tsx'], ['assets/tabs.js', 'assets/ids.js']),
      chunk('assets/ids.js', ['/app/src/ids.ts'], ['assets/index.js']),
      chunk('assets/contracts.js', ['/packages/trips.ts'], ['assets/index.js']),
    ];
    expect(routeFiles(chunks, ['src/trip.tsx', '../packages/trips.ts', 'src/ids.ts'], root)).toEqual([
      'assets/trip.js',
      'assets/tabs.js',
      'assets/heart.js',
      'assets/ids.js',
      'assets/contracts.js',
    ]);
    expect(() => routeFiles(chunks, ['src/gone.tsx'], root)).toThrow(/src\/gone\.tsx is in no chunk/);
  });
});
