/**
 * `npm run bench`: the catalogue benchmark (issue 4 "Performance", PERF-01/PERF-02).
 *
 * For each engine (PostgreSQL on a throwaway database, PGlite in a temp DATA_DIR) it starts the
 * real API server, loads the world's places and a bench-only place with generated features, and
 * drives autocomplete, feature search, categories, suggestions and place by id with autocannon,
 * next to same-run references (bench/reference-server.mjs). Prints a table, writes
 * bench/results/<date>-<engine>.json and refreshes the table in bench/README.md.
 * Loopback only; bounded in time; cleans up after itself.
 *
 * Knobs (environment): BENCH_ENGINES=postgres,pglite  BENCH_DURATION=10 (s per scenario)
 * BENCH_CONNECTIONS=20  BENCH_FEATURES=1000000 (PostgreSQL)  BENCH_PGLITE_FEATURES=200000
 * BENCH_PGLITE_PLACES=full|curated  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { throughputOf } from './lib/api-scenarios.mjs';
import { printTable, refreshReadme } from './lib/catalogue-report.mjs';
import {
  createCleanups,
  createLog,
  createThrowawayDatabase,
  HOST,
  ROOT,
  startApi as startServer,
  startReferenceProcess,
  waitUntil,
} from './lib/harness.mjs';
import { runBenchMain, runRecord, today, writeResultFile } from './lib/results.mjs';

const BENCH = join(ROOT, 'bench');

const env = process.env;
const ENGINES = (env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const PG_FEATURES = Number(env.BENCH_FEATURES ?? 1_000_000);
const PGLITE_FEATURES = Number(env.BENCH_PGLITE_FEATURES ?? 200_000);
const PGLITE_PLACES = env.BENCH_PGLITE_PLACES ?? 'full';
const ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOL_SIZE = 10; // the API's DATABASE_POOL_SIZE default; the raw-SQL reference uses the same
const SEED_TIMEOUT_MS = 240_000;
const HARD_LIMIT_S = Number(env.BENCH_MAX_SECONDS ?? 600);
/** Where results go (tests point it at a temp dir); BENCH_README=0 leaves bench/README.md alone. */
const RESULTS = env.BENCH_RESULTS_DIR ?? join(BENCH, 'results');
const WRITE_README = env.BENCH_README !== '0';

const AUTOCOMPLETE_QUERIES = ['lisb', 'san', 'par', 'mun', 'ber', 'tok', 'new', 'rom'];
/** A town only the full world dataset has (the curated seed only loads the catalogue's cities). */
const SMALL_TOWN = { q: 'tomar', title: 'Tomar' };
const FEATURE_SKIPS = [0, 10, 20, 50, 100, 200, 500, 1000];
const CATEGORIES = ['landmarks', 'viewpoints', 'art museums', 'history museums', 'architecture'];
const MODELS = ['places', 'restaurants', 'events', 'shops', 'hotels'];

const TARGETS = {
  autocompleteP99: 20,
  featureSearchP99: 30,
  dbReadRatio: 0.8,
  cachedReadRatio: 0.5,
};

const log = createLog('bench');
const cleanups = createCleanups('bench', HARD_LIMIT_S);
const cleanup = cleanups.cleanup;

// ---------------------------------------------------------------- processes

const startApi = (name, extraEnv) => startServer(cleanups, name, extraEnv);

/** Starts bench/reference-server.mjs; resolves to its base URLs. */
async function startReferences(constantsFile, databaseUrl) {
  const { info: ports, stop } = await startReferenceProcess(
    cleanups,
    'reference server',
    join(BENCH, 'reference-server.mjs'),
    {
      REF_CONSTANTS_FILE: constantsFile,
      REF_POOL_SIZE: String(POOL_SIZE),
      ...(databaseUrl ? { REF_DATABASE_URL: databaseUrl } : {}),
    },
  );
  return {
    raw: ports.raw ? `http://${HOST}:${ports.raw}` : undefined,
    bare: `http://${HOST}:${ports.bare}`,
    stop,
  };
}

// ---------------------------------------------------------------- data

const BENCH_PLACE_SQL = `insert into places (source_key, type, title, search_name, country, country_code, short, lat, lng, population)
  values ('bench:place', 'City', 'Benchville', 'benchville', 'Benchland', 'ZZ', 'A bench-only place.', 0, 0, 1)
  on conflict (source_key) do update set updated_at = now() returning id`;

/** One batch of generated features: rows from..to (1-based, inclusive) of the bench place. */
function featureBatchSql(placeId, from, to) {
  const categories = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const models = `array[${MODELS.map((m) => `'${m}'`).join(',')}]`;
  return `insert into features (key, place_id, country_code, region_code, title, address, description, rank, categories, model, lat, lng, source)
  select 'bench:' || g, '${placeId}'::uuid, 'ZZ', null,
    'Bench feature ' || lpad(g::text, 7, '0'), g || ' Bench Street', 'Generated for npm run bench.',
    case when g % 10 = 0 then null else g % 1000 end,
    array[(${categories})[1 + g % ${CATEGORIES.length}]],
    (${models})[1 + g % ${MODELS.length}],
    38.7 + (g % 1000) / 10000.0, -9.1 - (g % 997) / 10000.0, 'bench'
  from generate_series(${from}, ${to}) g`;
}

/** Inserts the bench place and `count` features through `query(sql)`; returns the place id. */
async function generateFeatures(query, count, label) {
  const t0 = Date.now();
  const placeRows = await query(BENCH_PLACE_SQL);
  const placeId = placeRows[0].id;
  await query(`delete from features where place_id = '${placeId}'`);
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await query(featureBatchSql(placeId, from, to));
  }
  await query(`update places set feature_count = ${count} where id = '${placeId}'`);
  // What autovacuum does after a bulk load (its insert threshold), done here at once: statistics,
  // and the visibility map that lets the feature pages' order-index scans skip the heap. Without
  // it the bench would measure a transient state (and a server running with autovacuum off).
  await query('vacuum analyze features');
  await query('vacuum analyze places');
  log(
    `${label}: ${count.toLocaleString('en')} features generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return placeId;
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return { body: await response.json() };
}

async function getText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.text();
}

async function hasSmallTown(base) {
  const response = await fetch(`${base}/api/core/places/autocomplete?q=${SMALL_TOWN.q}`).catch(
    () => undefined,
  );
  if (!response?.ok) return false;
  const list = await response.json();
  return Array.isArray(list) && list.some((p) => p.title === SMALL_TOWN.title);
}

// ---------------------------------------------------------------- load

async function drive(base, paths) {
  const options = {
    url: base,
    connections: CONNECTIONS,
    pipelining: 1,
    requests: paths.map((path) => ({ method: 'GET', path })),
  };
  await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  return {
    ...throughputOf(result),
    errors: result.errors + result.timeouts,
    bytesPerReq: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Runs every scenario against `api` (and its references); returns rows for the table. */
async function runScenarios(engine, api, refs, placeId, placeIds) {
  const autocompletePaths = AUTOCOMPLETE_QUERIES.map((q) => `/api/core/places/autocomplete?q=${q}`);
  const featurePaths = FEATURE_SKIPS.map(
    (skip) => `/api/core/features/search?placeId=${placeId}&skip=${skip}&limit=10`,
  );
  const scenarios = [
    { scenario: 'autocomplete', kind: 'db', paths: autocompletePaths, p99Target: TARGETS.autocompleteP99 },
    { scenario: 'feature search', kind: 'db', paths: featurePaths, p99Target: TARGETS.featureSearchP99 },
    { scenario: 'categories', kind: 'cached', paths: ['/api/core/categories/all'] },
    { scenario: 'suggestions', kind: 'cached', paths: ['/api/core/suggestions'] },
    { scenario: 'place by id', kind: 'cached', paths: placeIds.map((id) => `/api/core/places/place/${id}`) },
  ];
  const rows = [];
  for (const s of scenarios) {
    log(`${engine}: ${s.scenario} (${DURATION} s, ${CONNECTIONS} connections)`);
    const measured = await drive(api.base, s.paths);
    let reference;
    if (s.kind === 'db' && refs.raw) {
      log(`${engine}: ${s.scenario} raw-SQL reference`);
      reference = { name: 'node:http + raw SQL (same pool size)', ...(await drive(refs.raw, s.paths)) };
    } else if (s.kind === 'cached') {
      // The same paths on bare Fastify routes that send the same bodies as constants.
      log(`${engine}: ${s.scenario} bare Fastify constant route reference`);
      reference = { name: 'bare Fastify constant route (same body)', ...(await drive(refs.bare, s.paths)) };
    }
    const ratio = reference ? Math.round((measured.reqPerSec / reference.reqPerSec) * 100) / 100 : null;
    const targets = [];
    if (engine === 'postgres') {
      if (s.p99Target) targets.push({ what: `p99 < ${s.p99Target} ms`, met: measured.p99 < s.p99Target });
      const minRatio = s.kind === 'db' ? TARGETS.dbReadRatio : TARGETS.cachedReadRatio;
      if (ratio !== null) targets.push({ what: `ratio ≥ ${minRatio}`, met: ratio >= minRatio });
    }
    rows.push({
      scenario: s.scenario,
      engine,
      kind: s.kind,
      ...measured,
      reference: reference ?? null,
      ratio,
      targets,
    });
  }
  return rows;
}

// ---------------------------------------------------------------- engines

async function benchPostgres() {
  const dbName = `tripcrew_bench_${process.pid}`;
  const databaseUrl = await createThrowawayDatabase(cleanups, ADMIN_URL, dbName);
  log(`postgres: created ${dbName}; starting the API (SEED_PLACES=full)`);
  const api = await startApi('postgres', { DATABASE_URL: databaseUrl, SEED_PLACES: 'full' });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  cleanups.push(() => pool.end());
  // The world's places seed in the API's background while the features are generated here.
  const seeded = (async () => {
    const t0 = Date.now();
    const stamp = "select 1 from catalogue_stamps where key = 'places-dataset' and version like 'full:%'";
    const fullSeed = async () => (await pool.query(stamp)).rows.length > 0;
    if (!(await waitUntil(fullSeed, { timeoutMs: SEED_TIMEOUT_MS, intervalMs: 1000 })))
      throw new Error('postgres: full places seed did not finish in time');
    log(`postgres: full world places seeded (${((Date.now() - t0) / 1000).toFixed(0)} s after boot)`);
  })();
  const placeId = await generateFeatures(
    async (text) => (await pool.query(text)).rows,
    PG_FEATURES,
    'postgres',
  );
  await seeded;
  if (!(await hasSmallTown(api.base)))
    log(`postgres: warning: autocomplete does not find ${SMALL_TOWN.title}`);
  await pool.query('vacuum analyze places');
  const result = await benchEngine('postgres', api, placeId, databaseUrl);
  return { ...result, features: PG_FEATURES, seedPlaces: 'full' };
}

async function benchPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-bench-pglite-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let seedPlaces = PGLITE_PLACES;
  log(`pglite: DATA_DIR ${dataDir}; first boot (migrations, SEED_PLACES=${seedPlaces})`);
  const first = await startApi('pglite', { DATA_DIR: dataDir, SEED_PLACES: seedPlaces });
  if (seedPlaces === 'full') {
    const t0 = Date.now();
    const seeded = await waitUntil(() => hasSmallTown(first.base), {
      timeoutMs: SEED_TIMEOUT_MS,
      intervalMs: 2000,
    });
    if (!seeded) {
      log('pglite: full places seed not done in time; continuing with what is seeded (reported as partial)');
      seedPlaces = 'full (partial)';
    }
    if (seedPlaces === 'full')
      log(`pglite: full world places seeded (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await first.stop();
  // The embedded engine has one owner: generate the features with the server stopped.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const lite = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
  const placeId = await generateFeatures(
    async (text) => (await lite.query(text)).rows,
    PGLITE_FEATURES,
    'pglite',
  );
  await lite.close();
  log('pglite: second boot');
  const api = await startApi('pglite', {
    DATA_DIR: dataDir,
    SEED_PLACES: seedPlaces === 'full' ? 'full' : 'curated',
  });
  const result = await benchEngine('pglite', api, placeId, undefined);
  return { ...result, features: PGLITE_FEATURES, seedPlaces };
}

async function benchEngine(engine, api, placeId, databaseUrl) {
  // Place ids for "place by id": the bench place and the first hits of a few autocompletes.
  const placeIds = new Set([placeId]);
  for (const q of AUTOCOMPLETE_QUERIES) {
    const { body } = await getJson(`${api.base}/api/core/places/autocomplete?q=${q}`);
    for (const p of body.slice(0, 3)) placeIds.add(p._id ?? p.id);
  }
  // Each cached read's body, as the API answers it, for the bare Fastify reference routes.
  const constants = {};
  const cachedPaths = [
    '/api/core/categories/all',
    '/api/core/suggestions',
    ...[...placeIds].filter(Boolean).map((id) => `/api/core/places/place/${id}`),
  ];
  for (const path of cachedPaths) constants[path] = await getText(`${api.base}${path}`);
  const constantsFile = join(tmpdir(), `tripcrew-bench-constants-${process.pid}.json`);
  writeFileSync(constantsFile, JSON.stringify(constants));
  cleanups.push(() => rmSync(constantsFile, { force: true }));
  const refs = await startReferences(constantsFile, databaseUrl);
  const rows = await runScenarios(engine, api, refs, placeId, [...placeIds].filter(Boolean));
  await refs.stop();
  await api.stop();
  return { rows };
}

// ---------------------------------------------------------------- main

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const date = today();
  const allRows = [];
  for (const engine of ENGINES) {
    const t0 = Date.now();
    const result =
      engine === 'postgres' ? await benchPostgres() : engine === 'pglite' ? await benchPglite() : null;
    if (!result) throw new Error(`unknown engine ${engine} (postgres or pglite)`);
    await cleanup();
    const settings = {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      features: result.features,
      seedPlaces: result.seedPlaces,
      engineSeconds: Math.round((Date.now() - t0) / 1000),
    };
    const targets = engine === 'postgres' ? TARGETS : null;
    const data = runRecord(date, settings, { targets, rows: result.rows }, { engine });
    writeResultFile(join(RESULTS, `${date}-${engine}.json`), data);
    allRows.push(...result.rows);
    log(`${engine}: done; results/${date}-${engine}.json`);
  }
  printTable(allRows);
  if (WRITE_README) {
    refreshReadme(join(BENCH, 'README.md'), RESULTS);
    log('bench/README.md refreshed');
  }
}

await runBenchMain('bench', cleanups, main);
