/**
 * `npm run bench:api`: the authenticated request path of the API (PERF-01).
 *
 * For each engine (PostgreSQL on a throwaway database, PGlite in a temporary DATA_DIR) it starts
 * the real API server (rate limits off, mail to a loopback SMTP catcher), records its idle RSS
 * (the server and any process it started),
 * seeds through the API (bench/lib/api-seed.mjs: users, crew, the main user's trips with
 * features, planner items, checklists, bookings, a chat, a wishlist, notifications), then drives
 * each authenticated read and write with autocannon as the main user (bench/lib/api-scenarios.mjs),
 * next to two same-run references in their own processes (bench/api-reference-server.mjs):
 * `hello` (bare node:http) and, on PostgreSQL, `raw` (node:http + pg + JWT check + the SQL an
 * efficient implementation needs). Prints a table per engine, writes
 * <results>/api/<date>-<engine>.json and refreshes the bench:api block of bench/README.md.
 * Exits 1 on any 5xx. Loopback only; bounded in time; cleans up after itself.
 *
 * Knobs (environment): BENCH_ENGINES=postgres,pglite  BENCH_API_DURATION=10  BENCH_API_WARMUP=3
 * BENCH_API_CONNECTIONS=50 (reads)  BENCH_API_WRITE_CONNECTIONS=10  BENCH_API_USERS=4
 * BENCH_API_TRIPS=20  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 * BENCH_RESULTS_DIR (default bench/results)  BENCH_README=0  BENCH_MAX_SECONDS=1800
 * BENCH_API_IDLE_MS=5000 (pause before the idle-after-load RSS)
 * BENCH_API_BOOT_S=120 (how long a boot may take; a first PGlite boot on a loaded machine needs more)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer } from '../apps/api/test/helpers/smtp.ts';
import { printTable, refreshReadme, TARGETS, targetsOf } from './lib/api-report.mjs';
import {
  compareAnswers,
  drive,
  headersOf,
  readScenarios,
  sendOnce,
  writeScenarios,
} from './lib/api-scenarios.mjs';
import { seedApi } from './lib/api-seed.mjs';
import {
  createCleanups,
  createLog,
  createThrowawayDatabase,
  HOST,
  ROOT,
  sleep,
  startApi,
  startReferenceProcess,
} from './lib/harness.mjs';
import { runBenchMain, runRecord, today, writeResultFile } from './lib/results.mjs';

const env = process.env;
const ENGINES = (env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const DURATION = Number(env.BENCH_API_DURATION ?? 10);
const WARMUP = Number(env.BENCH_API_WARMUP ?? 3);
const READ_CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 50);
const WRITE_CONNECTIONS = Number(env.BENCH_API_WRITE_CONNECTIONS ?? 10);
const USERS = Math.max(2, Number(env.BENCH_API_USERS ?? 4));
const TRIPS = Math.max(1, Number(env.BENCH_API_TRIPS ?? 20));
const ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The API's DATABASE_POOL_SIZE (set explicitly); the raw reference's pool has the same size. */
const POOL_SIZE = 10;
const HARD_LIMIT_S = Number(env.BENCH_MAX_SECONDS ?? 1800);
const RESULTS = join(env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results'), 'api');
const WRITE_README = env.BENCH_README !== '0';
/** The pause after the last scenario before the idle-after-load RSS is read. */
const IDLE_AFTER_LOAD_MS = Number(env.BENCH_API_IDLE_MS ?? 5000);

const log = createLog('bench:api');
const cleanups = createCleanups('bench:api', HARD_LIMIT_S);

/** Resident set size in kB of one process (VmRSS of /proc/<pid>/status); 0 when unreadable. */
function processRssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process's children (each thread's /proc children list); empty when unreadable. */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Resident set size in MB of a process and every process it started (whatever the server runs
 * beside itself counts too); null when unreadable.
 */
function rssMb(pid) {
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop();
    kb += processRssKb(next);
    pending.push(...childrenOf(next));
  }
  return kb > 0 ? Math.round((kb / 1024) * 10) / 10 : null;
}

/** Starts bench/api-reference-server.mjs in `mode` (hello or raw); resolves to its base URL. */
async function startReference(mode, extraEnv) {
  const { info, stop } = await startReferenceProcess(
    cleanups,
    `${mode} reference`,
    join(ROOT, 'bench', 'api-reference-server.mjs'),
    { REF_MODE: mode, ...extraEnv },
  );
  return { base: `http://${HOST}:${info.port}`, stop };
}

const ratioOf = (a, b) => (b.reqPerSec > 0 ? Math.round((a.reqPerSec / b.reqPerSec) * 100) / 100 : null);

/**
 * One scenario: a sample request to the API and to the raw reference (both must succeed; bytes
 * and shapes compared), then the API under load, then the raw reference under the same load.
 */
async function measure(engine, s, { api, raw, hello, run }) {
  const request = s.sample();
  const apiAnswer = await sendOnce(api.base, request, run.headers);
  if (apiAnswer.status >= 300) {
    throw new Error(
      `${engine} ${s.scenario}: the API answered ${apiAnswer.status}: ${apiAnswer.text.slice(0, 300)}`,
    );
  }
  const rawAnswer = raw ? await sendOnce(raw.base, request, run.headers) : undefined;
  if (rawAnswer && rawAnswer.status >= 300) {
    throw new Error(
      `${engine} ${s.scenario}: raw answered ${rawAnswer.status}: ${rawAnswer.text.slice(0, 300)}`,
    );
  }
  log(`${engine}: ${s.scenario} (${s.route}), ${run.connections} connections`);
  // A scenario that writes into rows of its own (add booking) readies them before each run.
  const seconds = run.warmup + run.duration;
  await s.prepare?.(seconds);
  const measured = await drive(api.base, s.requests, run);
  if (raw) await s.prepare?.(seconds);
  const rawRun = raw ? await drive(raw.base, s.requests, run) : null;
  const row = {
    scenario: s.scenario,
    kind: s.kind,
    route: s.route,
    connections: run.connections,
    ...measured,
    apiBytes: apiAnswer.bytes,
    rawBytes: rawAnswer?.bytes ?? null,
    answers: rawAnswer ? compareAnswers(apiAnswer.text, rawAnswer.text) : null,
    hello: { reqPerSec: hello.reqPerSec, p50: hello.p50, p99: hello.p99 },
    helloRatio: ratioOf(measured, hello),
    raw: rawRun,
    rawRatio: rawRun ? ratioOf(measured, rawRun) : null,
  };
  row.targets = targetsOf(engine, row);
  log(
    `${engine}: ${s.scenario}: ${row.reqPerSec} req/s, p99 ${row.p99} ms (hello ${hello.reqPerSec}${rawRun ? `, raw ${rawRun.reqPerSec}` : ''}); ${row.apiBytes} bytes${rawAnswer ? ` vs raw ${rawAnswer.bytes} (${row.answers})` : ''}`,
  );
  return row;
}

async function benchEngine(engine) {
  // The API mails each confirmation code to this loopback SMTP server.
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  const jwtSecret = randomBytes(32).toString('hex');
  const apiEnv = {
    SEED_PLACES: 'curated',
    SMTP_URL: smtp.url,
    JWT_SECRET: jwtSecret,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    // One access token serves the whole run (it would expire after 15 min by default).
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  };
  let databaseUrl;
  if (engine === 'postgres') {
    databaseUrl = await createThrowawayDatabase(cleanups, ADMIN_URL, `tripcrew_bench_api_${process.pid}`);
    apiEnv.DATABASE_URL = databaseUrl;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-bench-api-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    apiEnv.DATA_DIR = dataDir;
  }
  log(`${engine}: starting the API (SEED_PLACES=curated)`);
  const api = await startApi(cleanups, engine, apiEnv);
  await sleep(2000);
  const idleMb = rssMb(api.pid);
  const seed = await seedApi({
    base: api.base,
    smtp,
    users: USERS,
    trips: TRIPS,
    log: (message) => log(`${engine}: ${message}`),
  });
  const seededMb = rssMb(api.pid);
  const hello = await startReference('hello', {});
  const raw = databaseUrl
    ? await startReference('raw', {
        REF_DATABASE_URL: databaseUrl,
        REF_POOL_SIZE: String(POOL_SIZE),
        JWT_SECRET: jwtSecret,
      })
    : undefined;
  const rows = [];
  const phases = [
    ['read', readScenarios(seed), READ_CONNECTIONS],
    ['write', writeScenarios(seed), WRITE_CONNECTIONS],
  ];
  for (const [kind, scenarios, connections] of phases) {
    const run = {
      connections,
      warmup: WARMUP,
      duration: DURATION,
      headers: headersOf(seed.main, kind === 'write'),
    };
    // hello at this phase's connections, once (writes: a POST with a small JSON body).
    const helloRequest =
      kind === 'write'
        ? { method: 'POST', path: '/api/hello', body: '{"hello":"world"}' }
        : { method: 'GET', path: '/api/hello' };
    log(`${engine}: hello reference, ${connections} connections`);
    const helloRun = await drive(hello.base, () => [{ ...helloRequest }], run);
    for (const s of scenarios) rows.push(await measure(engine, s, { api, raw, hello: helloRun, run }));
  }
  const postLoadMb = rssMb(api.pid);
  // Idle again after the load: what a small server holds between bursts.
  await sleep(IDLE_AFTER_LOAD_MS);
  const idleAfterLoadMb = rssMb(api.pid);
  const serverLog = rows.some((r) => r.status5xx > 0) ? api.output.join('') : undefined;
  await hello.stop();
  if (raw) await raw.stop();
  await api.stop();
  return {
    rows,
    rss: { idleMb, seededMb, postLoadMb, idleAfterLoadMb },
    trips: seed.trips.length,
    users: seed.others.length + 1,
    places: seed.catalogue.length,
    ...(serverLog ? { serverLog } : {}),
  };
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const date = today();
  const failures = [];
  for (const engine of ENGINES) {
    if (engine !== 'postgres' && engine !== 'pglite')
      throw new Error(`unknown engine ${engine} (postgres or pglite)`);
    const t0 = Date.now();
    const result = await benchEngine(engine);
    await cleanups.cleanup();
    const settings = {
      readConnections: READ_CONNECTIONS,
      writeConnections: WRITE_CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      poolSize: POOL_SIZE,
      engineSeconds: Math.round((Date.now() - t0) / 1000),
    };
    const targets = engine === 'postgres' ? TARGETS : null;
    const data = runRecord(date, settings, { targets, ...result }, { engine });
    const file = join(RESULTS, `${date}-${engine}.json`);
    writeResultFile(file, data);
    printTable(data);
    log(`${engine}: done; ${file}`);
    for (const r of data.rows) {
      if (r.status5xx > 0) failures.push(`${engine} ${r.scenario}: ${r.status5xx} 5xx`);
      if (r.raw?.status5xx > 0)
        failures.push(`${engine} ${r.scenario} (raw reference): ${r.raw.status5xx} 5xx`);
    }
  }
  if (failures.length > 0) throw new Error(`5xx answers:\n${failures.join('\n')}`);
  if (WRITE_README) {
    refreshReadme(join(ROOT, 'bench', 'README.md'), RESULTS);
    log('bench/README.md refreshed');
  }
}

await runBenchMain('bench:api', cleanups, main);
