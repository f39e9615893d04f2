/**
 * `npm run bench:web`: page speed of the web app (issue 7 "Proof", PERF-06/PERF-07).
 *
 * Builds the web app when its sources changed, starts the real server on PGlite (temp DATA_DIR,
 * demo users, curated catalogue), makes a demo user's trip with a filled planner, and runs
 * Lighthouse (Debian Chromium; mobile and desktop presets) on /, a place screen and /trips/{id}
 * (signed in). Reports performance, accessibility and best-practices scores, LCP, TBT, CLS and
 * the JavaScript shipped on first load (transferred script bytes from the network records), next
 * to the gzip size of what the built index.html loads at once. Each page × preset runs
 * BENCH_WEB_RUNS times: the table shows the median and the spread. Prints a table, writes
 * bench/results/web/<date>.json, refreshes the block of README.md between
 * `<!-- bench:web:start -->` and `<!-- bench:web:end -->` (when present), and exits 1 when a
 * budget is broken: initial JavaScript on / ≤ 170 kB gzip, performance ≥ 90 on mobile,
 * accessibility 100 (every page, both presets), installable (Chromium reports no installability
 * error on /: Lighthouse 12 has no such audit, lib/web-installable.mjs asks the browser). Loopback
 * only; bounded in time.
 *
 * Knobs (environment): BENCH_WEB_RUNS=5  BENCH_WEB_PAGES=home,place,trip
 * BENCH_WEB_PRESETS=mobile,desktop  BENCH_WEB_DIST=<a built dist to use as is, no build>
 * BENCH_RESULTS_DIR=bench/results  BENCH_README=0 (leave README.md alone)  BENCH_MAX_SECONDS=900
 * BENCH_WEB_LHR_DIR=<a folder: every run's whole Lighthouse report, to see where the time went>
 * CHROMIUM_PATH=/usr/bin/chromium
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild } from '../scripts/ensure.mjs';
import { createCleanups, createLog, ROOT, startApi } from './lib/harness.mjs';
import { prepareWebData, signedInStorage } from './lib/web-data.mjs';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from './lib/web-initial-js.mjs';
import { checkInstallable } from './lib/web-installable.mjs';
import { PRESETS, runLighthouse, withOneRetry } from './lib/web-lighthouse.mjs';

const env = process.env;
const RUNS = Math.max(1, Number(env.BENCH_WEB_RUNS ?? 5));
const PAGES = (env.BENCH_WEB_PAGES ?? 'home,place,trip').split(',').map((s) => s.trim());
const SELECTED_PRESETS = (env.BENCH_WEB_PRESETS ?? PRESETS.join(',')).split(',').map((s) => s.trim());
const HARD_LIMIT_S = Number(env.BENCH_MAX_SECONDS ?? 900);
const RESULTS = env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results');
const WRITE_README = env.BENCH_README !== '0';
const LHR_DIR = env.BENCH_WEB_LHR_DIR;
const README = join(ROOT, 'README.md');
const README_START = '<!-- bench:web:start -->';
const README_END = '<!-- bench:web:end -->';

const BUDGET = { initialJsGzip: INITIAL_JS_BUDGET_BYTES, mobilePerformance: 90, accessibility: 100 };

const log = createLog('bench:web');
const cleanups = createCleanups('bench:web', HARD_LIMIT_S);

for (const page of PAGES) {
  if (!['home', 'place', 'trip'].includes(page)) throw new Error(`BENCH_WEB_PAGES: unknown page ${page}`);
}
for (const preset of SELECTED_PRESETS) {
  if (!PRESETS.includes(preset)) throw new Error(`BENCH_WEB_PRESETS: unknown preset ${preset}`);
}

// ---------------------------------------------------------------- figures

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) => {
  const numbers = values.filter((v) => typeof v === 'number');
  return numbers.length ? { min: Math.min(...numbers), max: Math.max(...numbers) } : null;
};

const METRICS = [
  'performance',
  'accessibility',
  'bestPractices',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'scriptTransferBytes',
  'scriptRequests',
  'benchmarkIndex',
];

/** One table row: the median of each figure over the runs, with min and max. */
function summarise(page, preset, url, runs) {
  const row = { page, preset, url, runs: runs.length };
  for (const metric of METRICS) {
    const values = runs.map((r) => r[metric]);
    row[metric] = median(values);
    row[`${metric}Range`] = spread(values);
  }
  // A failing accessibility audit in any run counts (the score is deterministic; the page may not be).
  row.accessibilityMin = row.accessibilityRange?.min ?? null;
  const seen = new Map();
  for (const run of runs) for (const audit of run.failing.accessibility) seen.set(audit.id, audit);
  row.failingAccessibility = [...seen.values()];
  const perf = new Map();
  for (const run of runs) for (const audit of run.failing.performance) perf.set(audit.id, audit.title);
  row.failingPerformance = [...perf].map(([id, title]) => ({ id, title }));
  const bp = new Map();
  for (const run of runs) for (const audit of run.failing.bestPractices) bp.set(audit.id, audit);
  row.failingBestPractices = [...bp.values()];
  return row;
}

const kb = (bytes) => (bytes == null ? '–' : `${(bytes / 1000).toFixed(1)}`);
const ms = (value) => (value == null ? '–' : `${Math.round(value)}`);
const range = (row, metric, format) => {
  const r = row[`${metric}Range`];
  if (!r || r.min === r.max) return format(row[metric]);
  return `${format(row[metric])} (${format(r.min)}–${format(r.max)})`;
};

function table(rows) {
  const lines = [
    '| page | preset | performance | accessibility | best practices | LCP ms | TBT ms | CLS | JS on first load kB (transferred) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${row.preset} | ${range(row, 'performance', String)} | ${range(row, 'accessibility', String)} | ` +
        `${range(row, 'bestPractices', String)} | ${range(row, 'lcpMs', ms)} | ${range(row, 'tbtMs', ms)} | ` +
        `${range(row, 'cls', (v) => (v == null ? '–' : v.toFixed(3)))} | ${kb(row.scriptTransferBytes)} |`,
    );
  }
  return lines.join('\n');
}

function budgets(initialJs, rows, installable) {
  const checks = [
    {
      budget: 'initial JavaScript on / (build, gzip)',
      value: initialJs.totalGzip,
      limit: `≤ ${BUDGET.initialJsGzip}`,
      ok: initialJs.totalGzip <= BUDGET.initialJsGzip,
    },
    {
      budget: 'installable (Chromium installability errors on /)',
      value: installable.installabilityErrors.length + installable.manifestErrors.length,
      limit: '= 0',
      ok: installable.installable,
    },
  ];
  for (const row of rows) {
    if (row.preset === 'mobile') {
      checks.push({
        budget: `performance, ${row.page}, mobile (median)`,
        value: row.performance,
        limit: `≥ ${BUDGET.mobilePerformance}`,
        ok: row.performance !== null && row.performance >= BUDGET.mobilePerformance,
      });
    }
    checks.push({
      budget: `accessibility, ${row.page}, ${row.preset} (every run)`,
      value: row.accessibilityMin,
      limit: `= ${BUDGET.accessibility}`,
      ok: row.accessibilityMin === BUDGET.accessibility,
    });
  }
  return checks;
}

function readmeBlock(result) {
  const { initialJs, rows, checks, date, machine } = result;
  const broken = checks.filter((c) => !c.ok);
  return [
    `Latest \`npm run bench:web\` (${date}, ${machine.cpus} cores, load ${machine.loadBefore.join(' / ')}, ` +
      `Lighthouse CPU benchmark index ${machine.benchmarkIndex ?? '–'}, ` +
      `Lighthouse ${result.lighthouse}, ${result.runsPerPage} run(s) per row, median (min–max)` +
      `${result.retriedRuns ? `; ${result.retriedRuns} run(s) measured again after Lighthouse lost its recording` : ''}):`,
    '',
    table(rows),
    '',
    `Initial JavaScript on / from the build: ${kb(initialJs.totalGzip)} kB gzip in ${initialJs.files.length} files ` +
      `(budget ${kb(BUDGET.initialJsGzip)} kB). Installable: ${result.installable.installable ? 'yes' : 'no'}. Budgets: ${broken.length === 0 ? 'all met' : `${broken.length} broken (${broken.map((c) => c.budget).join('; ')})`}.`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  const started = new Date();
  const loadBefore = loadavg().map((v) => Number(v.toFixed(2)));
  log(`${cpus().length} cores, load average ${loadBefore.join(' / ')}`);

  let distDir = env.BENCH_WEB_DIST;
  if (distDir) {
    if (!existsSync(join(distDir, 'index.html')))
      throw new Error(`BENCH_WEB_DIST=${distDir} has no index.html`);
  } else {
    // Vite builds the development flavour when NODE_ENV says so (e.g. "test"): measure production.
    process.env.NODE_ENV = 'production';
    ensureWebBuild();
    distDir = join(ROOT, 'apps/web/dist');
  }
  const initialJs = measureInitialJs(distDir);
  log(
    `initial JavaScript on / (build): ${kb(initialJs.totalGzip)} kB gzip in ${initialJs.files.length} files`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-bench-web-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  log('starting the server (PGlite, demo users, curated catalogue)…');
  const api = await startApi(cleanups, 'web', {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SEED_PLACES: 'curated',
    WEB_DIST: distDir,
  });
  const data = await prepareWebData(api.base);
  log(`demo trip ${data.tripId} with ${data.plannerItems} planner items; place screen ${data.placeUrlPath}`);

  const pages = {
    home: { url: `${api.base}/` },
    place: { url: `${api.base}${data.placeUrlPath}` },
    trip: { url: `${api.base}${data.tripUrlPath}`, storage: signedInStorage(data.session) },
  };

  const installable = await checkInstallable(pages.home.url);
  log(
    `installable: ${installable.installable ? 'yes' : 'no'} (manifest ${installable.manifestUrl ?? 'none'}` +
      `${[...installable.manifestErrors, ...installable.installabilityErrors].map((e) => `; ${e}`).join('')})`,
  );

  const rows = [];
  const runs = [];
  let retriedRuns = 0;
  for (const page of PAGES) {
    for (const preset of SELECTED_PRESETS) {
      const { url, storage } = pages[page];
      const pageRuns = [];
      for (let i = 0; i < RUNS; i += 1) {
        const { lhr, ...figures } = await withOneRetry(
          () => runLighthouse({ url, preset, storage, keepLhr: Boolean(LHR_DIR) }),
          (error) => {
            retriedRuns += 1;
            log(`${page} ${preset} #${i + 1}: ${error.message}; measuring again`);
          },
        );
        if (page === 'trip' && !new URL(figures.finalUrl).pathname.startsWith('/trips/')) {
          throw new Error(`the trip page ended at ${figures.finalUrl}: the session was not carried`);
        }
        if (LHR_DIR && lhr) {
          mkdirSync(LHR_DIR, { recursive: true });
          writeFileSync(join(LHR_DIR, `${page}-${preset}-${i + 1}.json`), JSON.stringify(lhr));
        }
        pageRuns.push(figures);
        runs.push({ page, preset, run: i + 1, ...figures });
        log(
          `${page} ${preset} #${i + 1}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
            `LCP ${ms(figures.lcpMs)} ms, TBT ${ms(figures.tbtMs)} ms, JS ${kb(figures.scriptTransferBytes)} kB, ` +
            `CPU benchmark index ${figures.benchmarkIndex ?? '–'}`,
        );
      }
      rows.push(summarise(page, preset, url.replace(api.base, ''), pageRuns));
    }
  }
  await api.stop();

  const checks = budgets(initialJs, rows, installable);
  const loadAfter = loadavg().map((v) => Number(v.toFixed(2)));
  const lighthouseVersion = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const result = {
    date: started.toISOString(),
    lighthouse: lighthouseVersion,
    runsPerPage: RUNS,
    // Runs Lighthouse failed to record (e.g. NO_NAVSTART) and that were measured a second time.
    retriedRuns,
    machine: {
      cpus: cpus().length,
      loadBefore,
      loadAfter,
      benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    },
    initialJs,
    installable,
    budgets: BUDGET,
    rows,
    checks,
    runs,
  };

  console.log(`\n${table(rows)}\n`);
  console.log('initial JavaScript on / (build, gzip):');
  for (const f of initialJs.files) console.log(`  ${f.url}  ${kb(f.gzip)} kB`);
  console.log(`  total ${kb(initialJs.totalGzip)} kB (budget ${kb(BUDGET.initialJsGzip)} kB)\n`);
  for (const row of rows) {
    for (const audit of row.failingAccessibility) {
      console.log(`accessibility ${row.page} ${row.preset}: ${audit.id} ${audit.selectors.join(', ')}`);
    }
  }
  for (const check of checks)
    console.log(`${check.ok ? '✓' : '✗'} ${check.budget}: ${check.value} (${check.limit})`);

  const dir = join(RESULTS, 'web');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${started.toISOString().slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${file}`);
  if (WRITE_README && existsSync(README)) {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(README_START);
    const end = text.indexOf(README_END);
    if (start >= 0 && end > start) {
      const block = `${README_START}\n\n${readmeBlock(result)}\n${README_END}`;
      writeFileSync(README, text.slice(0, start) + block + text.slice(end + README_END.length));
      log('README.md refreshed');
    }
  }
  return checks.every((c) => c.ok);
}

main()
  .then(async (ok) => {
    await cleanups.cleanup();
    cleanups.done();
    if (!ok) console.error('bench:web: a page-speed budget is broken');
    process.exit(ok ? 0 : 1);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanups.cleanup();
    process.exit(1);
  });
