/**
 * `npm run bench:load`: the load benchmark (issue 7 "Proof", PERF-04/PERF-05).
 *
 * A mixed workload on the real server over PostgreSQL: virtual users, each a user signed up
 * through the API and paired with a crew partner, browse places and features, create trips,
 * add and move planner items, edit notes their partner edits too (conflicting writes, decision
 * 035), message their partner, toggle their wishlist, add shared
 * expenses and read the balances (which must add up to zero), with think time. Runs once against one API instance, then against two sharing PostgreSQL and Redis (the
 * users split across both, crew partners on different instances). Records count, throughput,
 * p50/p95/p99 and errors (4xx, 5xx, network) per operation, then checks in the database that
 * every acknowledged write is there exactly once (bench/lib/load-verify.mjs).
 *
 * Pass: zero 5xx, zero network errors, no lost, duplicated or misplaced write. Exits 1 otherwise.
 * Prints a table per setup, writes bench/results/load/<date>.json and refreshes the block between
 * the bench:load markers of README.md. Each setup runs on a throwaway database, dropped at the
 * end. Loopback only; bounded in users and time.
 *
 * Flags (or environment):
 *   --vus 200          BENCH_LOAD_VUS       virtual users (even; at most 1000)
 *   --duration 300     BENCH_LOAD_SECONDS   measured seconds per setup (at most 3600)
 *   --think-ms 1000    BENCH_LOAD_THINK_MS  mean think time between a user's requests
 *   --setups one,two   BENCH_LOAD_SETUPS
 * BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_REDIS_URL=redis://127.0.0.1:6379
 * BENCH_RESULTS_DIR (default bench/results)  BENCH_README=0 (leave README.md alone)
 * BENCH_LOAD_KEEP_DB=1 (keep the databases and write each ledger next to the results, for the
 * verifier's own test)  BENCH_MAX_SECONDS (hard limit; default from the duration)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startSmtpServer } from '../apps/api/test/helpers/smtp.ts';
import {
  createCleanups,
  createLog,
  createThrowawayDatabase,
  refreshMarkedBlock,
  ROOT,
  startApi,
} from './lib/harness.mjs';
import { runBenchMain, runRecord, today, writeResultFile } from './lib/results.mjs';
import { csrfOf, mapLimit, pairAsCrew, signUp } from './lib/load-client.mjs';
import { createMetrics, OPERATIONS } from './lib/load-metrics.mjs';
import { ledgerToJson, verifyWrites } from './lib/load-verify.mjs';
import { createLedger, discoverCatalogue, runVirtualUser } from './lib/load-workload.mjs';

const env = process.env;
const { values: flags } = parseArgs({
  options: {
    vus: { type: 'string' },
    duration: { type: 'string' },
    'think-ms': { type: 'string' },
    setups: { type: 'string' },
  },
});

function bounded(value, fallback, min, max, name) {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}`);
  return n;
}

const VUS = Math.floor(bounded(flags.vus ?? env.BENCH_LOAD_VUS, 200, 2, 1000, '--vus') / 2) * 2;
const SECONDS = bounded(flags.duration ?? env.BENCH_LOAD_SECONDS, 300, 1, 3600, '--duration');
const THINK_MS = bounded(flags['think-ms'] ?? env.BENCH_LOAD_THINK_MS, 1000, 0, 60_000, '--think-ms');
const SETUPS = (flags.setups ?? env.BENCH_LOAD_SETUPS ?? 'one,two').split(',').map((s) => s.trim());
const ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = join(env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results'), 'load');
const WRITE_README = env.BENCH_README !== '0';
const KEEP_DB = env.BENCH_LOAD_KEEP_DB === '1';
/** Sign-ups in flight at once (each hashes a password with argon2id on the server). */
const SIGNUP_CONCURRENCY = 8;
const HARD_LIMIT_S = Number(env.BENCH_MAX_SECONDS ?? SETUPS.length * (SECONDS + 240) + 120);

const log = createLog('bench:load');
const cleanups = createCleanups('bench:load', HARD_LIMIT_S);

for (const setup of SETUPS) {
  if (setup !== 'one' && setup !== 'two') throw new Error(`unknown setup ${setup} (one or two)`);
}

/** Databases that BENCH_LOAD_KEEP_DB=1 keeps: those of setups that ran to the end. */
const kept = new Set();

/** Runs one statement on the admin database. */
async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database for one setup: dropped at the end (unless kept, see BENCH_LOAD_KEEP_DB). */
async function freshDatabase(name) {
  if (!KEEP_DB) return createThrowawayDatabase(cleanups, ADMIN_URL, name);
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  cleanups.push(() => (kept.has(name) ? undefined : admin(`drop database if exists ${name} with (force)`)));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------- one setup

async function runSetup(setup, date) {
  // The API mails each confirmation code to this loopback SMTP server (closed with the setup).
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  const instances = setup === 'two' ? 2 : 1;
  const runId = randomBytes(4).toString('hex');
  const database = `tripcrew_bench_load_${process.pid}_${setup}`;
  const databaseUrl = await freshDatabase(database);
  const apiEnv = {
    DATABASE_URL: databaseUrl,
    SEED_PLACES: 'curated',
    SMTP_URL: smtp.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Every virtual user comes from 127.0.0.1: per-address rate limits would measure the limiter.
    RATE_LIMIT_ENABLED: 'false',
    ...(instances === 2 ? { REDIS_URL } : {}),
  };
  log(
    `${setup}: starting ${instances} API instance(s) on ${database}${instances === 2 ? ' with Redis' : ''}`,
  );
  // Started together: the instances take turns at the migrations (advisory lock), as in production.
  const apis = await Promise.all(
    Array.from({ length: instances }, (_, i) => startApi(cleanups, `${setup}#${i + 1}`, apiEnv)),
  );

  // Users i and i+1 (i even) are crew; with two instances they sit on different ones.
  const preparation = createMetrics();
  const t0 = Date.now();
  const users = await mapLimit(
    Array.from({ length: VUS }, (_, i) => i),
    SIGNUP_CONCURRENCY,
    (i) => signUp(preparation, smtp, apis[i % instances].base, i, runId),
  );
  log(`${setup}: ${VUS} users signed up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await mapLimit(
    Array.from({ length: VUS / 2 }, (_, k) => k),
    SIGNUP_CONCURRENCY,
    (k) => pairAsCrew(preparation, users[2 * k], users[2 * k + 1]),
  );
  const catalogue = await discoverCatalogue({ base: apis[0].base, csrf: await csrfOf(apis[0].base) });
  log(`${setup}: ${VUS / 2} crew pairs; ${catalogue.length} places with features`);

  const ledger = createLedger(runId);
  ledger.users = users.map((u) => ({ userId: u.userId, email: u.email }));
  const metrics = createMetrics();
  log(`${setup}: ${VUS} virtual users for ${SECONDS} s (think ${THINK_MS} ms)`);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const ticker = setInterval(() => {
    const rows = metrics.summary(1);
    const done = rows.reduce((t, r) => t + r.count, 0);
    const bad = rows.reduce((t, r) => t + r.errors5xx + r.networkErrors, 0);
    log(`${setup}: ${done} requests, ${bad} 5xx/network`);
  }, 30_000);
  try {
    await Promise.all(
      users.map((me, i) =>
        runVirtualUser({
          me,
          partner: users[i % 2 === 0 ? i + 1 : i - 1],
          catalogue,
          metrics,
          ledger,
          until,
          thinkMs: THINK_MS,
        }),
      ),
    );
  } finally {
    clearInterval(ticker);
  }
  const seconds = (Date.now() - started) / 1000;
  const rows = metrics.summary(seconds);
  const totals = {
    requests: rows.reduce((t, r) => t + r.count, 0),
    perSec: Math.round((rows.reduce((t, r) => t + r.count, 0) / seconds) * 10) / 10,
    errors4xx: rows.reduce((t, r) => t + r.errors4xx, 0),
    errors5xx: rows.reduce((t, r) => t + r.errors5xx, 0),
    networkErrors: rows.reduce((t, r) => t + r.networkErrors, 0),
  };
  log(`${setup}: ${totals.requests} requests in ${seconds.toFixed(1)} s; verifying the writes`);

  const json = ledgerToJson(ledger);
  const verification = await verifyWrites(databaseUrl, json);
  const acknowledged = {
    trips: Object.keys(json.trips).length,
    plannerNotes: Object.values(json.trips).reduce((t, trip) => t + Object.keys(trip.notes).length, 0),
    plannerMoves: rows.find((r) => r.operation === 'move planner item')?.ok ?? 0,
    messages: Object.keys(json.messages).length,
    wishlistItems: Object.values(json.wishlists).reduce((t, w) => t + w.items.length, 0),
    expenses: Object.keys(json.expenses).length,
    noteEdits: json.noteEdits.length,
    conflictsTold: json.conflictsTold,
  };
  const serverLog =
    totals.errors5xx > 0 || totals.networkErrors > 0 ? apis.map((api) => api.output.join('')) : undefined;
  for (const api of apis) await api.stop();
  let ledgerFile;
  if (KEEP_DB) {
    mkdirSync(RESULTS, { recursive: true });
    ledgerFile = join(RESULTS, `${date}-${setup}-ledger.json`);
    writeFileSync(ledgerFile, JSON.stringify(json));
    kept.add(database);
  }
  await cleanups.cleanup();
  const pass =
    totals.errors5xx === 0 && totals.networkErrors === 0 && verification.ok && verification.uncertain === 0;
  log(
    `${setup}: ${pass ? 'PASS' : 'FAIL'} (5xx ${totals.errors5xx}, network ${totals.networkErrors}, lost ${verification.lost}, duplicated ${verification.duplicated}, misplaced ${verification.misplaced})`,
  );
  return {
    setup: instances === 2 ? 'two instances (PostgreSQL + Redis)' : 'one instance',
    instances,
    redis: instances === 2,
    virtualUsers: VUS,
    seconds: Math.round(seconds * 10) / 10,
    thinkMs: THINK_MS,
    places: catalogue.length,
    totals,
    operations: rows,
    preparation: preparation.summary(seconds),
    acknowledged,
    verification,
    pass,
    ...(KEEP_DB ? { database: databaseUrl, ledgerFile } : {}),
    ...(serverLog ? { serverLog } : {}),
  };
}

// ---------------------------------------------------------------- report

const fmt = (v) => (v === null || v === undefined ? '—' : String(v));

function table(result) {
  const out = [
    '| operation | count | req/s | p50 ms | p95 ms | p99 ms | 4xx | 5xx | network |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of result.operations) {
    out.push(
      `| ${r.operation} | ${r.count} | ${r.perSec} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors4xx} | ${r.errors5xx} | ${r.networkErrors} |`,
    );
  }
  const t = result.totals;
  out.push(
    `| **all** | **${t.requests}** | **${t.perSec}** | | | | **${t.errors4xx}** | **${t.errors5xx}** | **${t.networkErrors}** |`,
  );
  return out.join('\n');
}

function verdict(result) {
  const v = result.verification;
  const a = result.acknowledged;
  return [
    `acknowledged writes checked in PostgreSQL: ${a.trips} trips, ${a.plannerNotes} planner notes, ${a.plannerMoves} moves, ${a.messages} messages, ${a.wishlistItems} wishlist items, ${a.expenses} expenses`,
    `conflicting edits of shared notes: ${a.noteEdits ?? 0} accepted, each in the trip's history; ${a.conflictsTold ?? 0} told of a newer change (409), none lost silently`,
    `lost ${v.lost} · duplicated ${v.duplicated} · misplaced ${v.misplaced} · answers that disagree ${v.answerMismatches} · uncertain ${v.uncertain}`,
    `**${result.pass ? '✅ pass' : '❌ fail'}** (zero 5xx, zero network errors, every acknowledged write exactly once)`,
  ].join('<br>\n');
}

function report(data) {
  return data.setups
    .map(
      (r) =>
        `**${r.setup}** — ${r.virtualUsers} virtual users, ${r.seconds} s, think ${r.thinkMs} ms\n\n${table(r)}\n\n${verdict(r)}\n`,
    )
    .join('\n');
}

async function main() {
  const date = today();
  const setups = [];
  for (const setup of SETUPS) setups.push(await runSetup(setup, date));
  const settings = { virtualUsers: VUS, durationSeconds: SECONDS, thinkMs: THINK_MS, operations: OPERATIONS };
  const data = runRecord(date, settings, { pass: setups.every((s) => s.pass), setups });
  const file = join(RESULTS, `${date}.json`);
  writeResultFile(file, data);
  console.log(`\n${report(data).replaceAll('<br>', '')}`);
  for (const s of setups) {
    for (const p of s.verification.problems) console.error(`${s.setup}: ${p}`);
    for (const r of s.operations.filter((o) => o.errors5xx > 0 || o.networkErrors > 0)) {
      console.error(`${s.setup}: ${r.operation}: ${JSON.stringify(r.sampleErrors)}`);
    }
  }
  log(`results: ${file}`);
  const readme = join(ROOT, 'README.md');
  const start = '<!-- bench:load:start -->';
  const end = '<!-- bench:load:end -->';
  if (WRITE_README && existsSync(readme) && readFileSync(readme, 'utf8').includes(start)) {
    refreshMarkedBlock(
      readme,
      start,
      end,
      `\`bench/results/load/${date}.json\` (${date}; ${data.machine.cpus} CPUs, Node ${data.machine.node})\n\n${report(data)}`,
    );
    log('README.md refreshed');
  }
  if (!data.pass) throw new Error('a promise is broken: see the failures above');
}

await runBenchMain('bench:load', cleanups, main);
