/**
 * The live co-editing benchmark: how long a change to a trip takes to reach the other members'
 * open pages. The product promises within a second; the figures are compared with that promise
 * (p95 ÷ 1,000 ms), measured from just before the HTTP write to the moment each other member's
 * socket receives the trip frame it causes.
 *
 * Setups, each on a throwaway PostgreSQL database:
 *   one — one API instance (in-process delivery);
 *   two — two API instances sharing PostgreSQL and Redis; each trip's writer is on one instance
 *         and its other members on the other, so every frame crosses Redis pub/sub.
 * Each trip has 2 or 3 members (alternately); the first writes, the others keep a live socket
 * open. Writes go at a fixed rate, round-robin over the trips, one in flight per trip, cycling
 * through three kinds: rename the trip (frame change 'updated'), move a planner note (change
 * 'planner'), tick a shared packing item (change 'packing').
 * Prints a table, writes bench/results/live/<date>.json and refreshes its block in
 * bench/README.md. Loopback only; bounded in count and time; cleans up after itself.
 *
 * Knobs (environment): BENCH_LIVE_TRIPS=50  BENCH_LIVE_RATE=20 (writes/s)
 * BENCH_LIVE_DURATION=15 (s measured, after BENCH_LIVE_WARMUP=3 s)  BENCH_LIVE_SETUPS=one,two
 * BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_REDIS_URL=redis://127.0.0.1:6379
 * BENCH_RESULTS_DIR (default bench/results)  BENCH_README=0 (leave bench/README.md alone)
 * BENCH_MAX_SECONDS=120 (hard limit)
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCleanups, createLog, refreshBenchReadme, ROOT, sleep } from './lib/harness.mjs';
import { runSetups, startSocketSetup } from './lib/live-setup.mjs';
import { runBenchMain, runRecord, today, writeResultFile } from './lib/results.mjs';
import { call, mapLimit } from './lib/load-client.mjs';
import { notes, REFERENCE_MS, summarize, table } from './lib/live-report.mjs';
import { connectLive, createCrews, createTrip, somePlace } from './lib/live-seed.mjs';

const env = process.env;
const clamp = (value, min, max) => Math.min(max, Math.max(min, Math.floor(value)));
const TRIPS = clamp(Number(env.BENCH_LIVE_TRIPS ?? 50), 1, 1000);
const RATE = clamp(Number(env.BENCH_LIVE_RATE ?? 20), 1, 500);
const DURATION = clamp(Number(env.BENCH_LIVE_DURATION ?? 15), 1, 600);
const WARMUP = clamp(Number(env.BENCH_LIVE_WARMUP ?? 3), 0, 60);
const SETUPS = (env.BENCH_LIVE_SETUPS ?? 'one,two').split(',').map((s) => s.trim());
const ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = join(env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results'), 'live');
const WRITE_README = env.BENCH_README !== '0';
/** A frame not received this long after its write started counts as missed. */
const MISS_AFTER_MS = 5000;
const KINDS = [
  { kind: 'rename trip', change: 'updated' },
  { kind: 'move planner note', change: 'planner' },
  { kind: 'tick packing item', change: 'packing' },
];

const log = createLog('bench:live');
const cleanups = createCleanups('bench:live', Number(env.BENCH_MAX_SECONDS ?? 120));
const now = () => performance.now();

/** The HTTP write of the n-th change of `trip` and the frame change it causes. */
function writeOf(trip, n) {
  const { kind, change } = KINDS[n % KINDS.length];
  const round = Math.floor(n / KINDS.length);
  if (change === 'updated') {
    return {
      kind,
      change,
      method: 'PATCH',
      path: `/core/trips/update/${trip.tripId}`,
      body: { tripName: `Bench trip ${trip.index} #${round}` },
    };
  }
  if (change === 'planner') {
    const noteId = trip.noteIds[round % trip.noteIds.length];
    const date =
      round % (trip.days.length + 1) === 0 ? null : trip.days[(round % (trip.days.length + 1)) - 1];
    return {
      kind,
      change,
      method: 'POST',
      path: `/core/trips/${trip.tripId}/planner/items/${noteId}/move`,
      body: { date, index: round % 3 },
    };
  }
  const item = trip.packing[round % trip.packing.length];
  return {
    kind,
    change,
    method: 'PATCH',
    path: `/core/trips/${trip.tripId}/packing/${item.id}`,
    body: { done: !item.done },
    after: () => (item.done = !item.done),
  };
}

// ---------------------------------------------------------------- one setup

async function runSetup(setup) {
  const { instances, runId, databaseUrl, apis, tokens, csrf } = await startSocketSetup({
    cleanups,
    log,
    setup,
    database: 'tripcrew_bench_live',
    adminUrl: ADMIN_URL,
    redisUrl: REDIS_URL,
  });
  const tokenOf = (userId) => tokens.sign({ userId, sessionId: undefined });
  // With two instances, a trip's writer and its other members are on different instances.
  const writerHome = (i) => i % instances;
  const memberHome = (i) => (instances === 2 ? 1 - writerHome(i) : 0);

  const crews = await createCrews(databaseUrl, runId, TRIPS);
  const placeId = await somePlace(databaseUrl);
  log(`${setup}: creating ${TRIPS} trips through the API`);
  const trips = await mapLimit(crews, 4, async (crew, index) => {
    const api = writerHome(index);
    const session = { base: apis[api].base, csrf: csrf[api], token: await tokenOf(crew.writer) };
    const made = await createTrip(session, placeId, crew, index);
    return { ...made, index, session, others: crew.others, writes: 0 };
  });

  // ------------------------------------------------------------ expectations and frames
  /** tripId → the write in flight: its change, start, members still waiting for the frame. */
  const pending = new Map();
  const missedKeys = new Set();
  const byKind = new Map(
    KINDS.map((k) => [k.kind, { latencies: [], writeLatencies: [], writes: 0, missed: 0 }]),
  );
  const counters = { unexpected: 0, late: 0, httpErrors: 0, skipped: 0, beforeAnswer: 0, frames: 0 };

  const settle = (tripId, p) => {
    if (p.answered && p.awaiting.size === 0 && pending.get(tripId) === p) pending.delete(tripId);
  };
  const onTrip = (userId, frame, receivedAt) => {
    const p = pending.get(frame.tripId);
    if (p && p.change === frame.change && p.awaiting.has(userId)) {
      p.awaiting.delete(userId);
      if (p.measured) {
        byKind.get(p.kind).latencies.push(receivedAt - p.started);
        counters.frames += 1;
        if (!p.answered) counters.beforeAnswer += 1;
      }
      settle(frame.tripId, p);
      return;
    }
    if (missedKeys.delete(`${frame.tripId}|${frame.change}|${userId}`)) counters.late += 1;
    else counters.unexpected += 1;
  };
  const sweeper = setInterval(() => {
    const limit = now() - MISS_AFTER_MS;
    for (const [tripId, p] of pending) {
      if (p.started > limit) continue;
      if (p.measured) byKind.get(p.kind).missed += p.awaiting.size;
      for (const userId of p.awaiting) missedKeys.add(`${tripId}|${p.change}|${userId}`);
      pending.delete(tripId);
    }
  }, 100);
  cleanups.push(() => clearInterval(sweeper));

  log(`${setup}: connecting the other members' sockets`);
  const sockets = [];
  cleanups.push(() => sockets.forEach((s) => s.terminate()));
  await mapLimit(trips, 20, async (trip) => {
    for (const userId of trip.others) {
      const base = apis[memberHome(trip.index)].base;
      sockets.push(await connectLive(base, userId, await tokenOf(userId), onTrip, now));
    }
  });
  log(`${setup}: ${sockets.length} sockets ready`);

  // ------------------------------------------------------------ writes
  async function write(trip, measured) {
    const w = writeOf(trip, trip.writes);
    trip.writes += 1;
    const p = { kind: w.kind, change: w.change, measured, answered: false, awaiting: new Set(trip.others) };
    p.started = now();
    pending.set(trip.tripId, p);
    const answer = await call(null, w.kind, trip.session, w.method, w.path, w.body);
    const took = now() - p.started;
    p.answered = true;
    if (answer.status !== 200) {
      if (measured) counters.httpErrors += 1;
      if (pending.get(trip.tripId) === p) pending.delete(trip.tripId);
      return;
    }
    w.after?.();
    if (measured) {
      const k = byKind.get(w.kind);
      k.writes += 1;
      k.writeLatencies.push(took);
    }
    settle(trip.tripId, p);
  }

  /** Open loop: `rate` writes per second for `seconds`, round-robin over the idle trips. */
  async function drive(rate, seconds, measured) {
    const total = Math.round(rate * seconds);
    const inFlight = new Set();
    const begin = now();
    let cursor = 0;
    for (let n = 0; n < total; n += 1) {
      const wait = begin + (n / rate) * 1000 - now();
      if (wait > 1) await sleep(wait);
      let trip;
      for (let k = 0; k < trips.length && !trip; k += 1) {
        const candidate = trips[(cursor + k) % trips.length];
        if (!pending.has(candidate.tripId)) trip = candidate;
      }
      if (!trip) {
        if (measured) counters.skipped += 1;
        continue;
      }
      cursor = (trip.index + 1) % trips.length;
      const p = write(trip, measured).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const deadline = now() + MISS_AFTER_MS + 500;
    while (pending.size > 0 && now() < deadline) await sleep(20);
    return (now() - begin) / 1000;
  }

  if (WARMUP > 0) {
    log(`${setup}: warm-up, ${RATE} writes/s for ${WARMUP} s`);
    await drive(RATE, WARMUP, false);
  }
  counters.unexpected = 0;
  counters.late = 0;
  missedKeys.clear();
  log(`${setup}: ${RATE} writes/s for ${DURATION} s`);
  const loadBefore = loadavg()[0];
  const seconds = await drive(RATE, DURATION, true);
  await sleep(200); // a duplicate frame would arrive now
  clearInterval(sweeper);

  const kinds = KINDS.map(({ kind }) => {
    const k = byKind.get(kind);
    const expected = k.latencies.length + k.missed;
    return {
      kind,
      writes: k.writes,
      expected,
      missed: k.missed,
      ...summarize(k.latencies, k.writeLatencies),
    };
  });
  const all = [...byKind.values()];
  const overallSummary = summarize(
    all.flatMap((k) => k.latencies),
    all.flatMap((k) => k.writeLatencies),
  );
  const writes = kinds.reduce((a, k) => a + k.writes, 0);
  const missed = kinds.reduce((a, k) => a + k.missed, 0);
  const row = {
    setup: instances === 2 ? 'two instances (PostgreSQL + Redis)' : 'one instance',
    instances,
    redis: instances === 2,
    trips: trips.length,
    members: trips.reduce((a, t) => a + 1 + t.others.length, 0),
    sockets: sockets.length,
    writesPerSec: RATE,
    seconds: DURATION,
    elapsedSeconds: Math.round(seconds * 10) / 10,
    missAfterMs: MISS_AFTER_MS,
    kinds,
    overall: { kind: 'all', writes, expected: overallSummary.frames + missed, missed, ...overallSummary },
    unexpected: counters.unexpected,
    late: counters.late,
    httpErrors: counters.httpErrors,
    skipped: counters.skipped,
    beforeAnswerPct: counters.frames === 0 ? 0 : Math.round((counters.beforeAnswer / counters.frames) * 100),
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    cpus: cpus().length,
  };
  sockets.forEach((s) => s.terminate());
  for (const api of apis) await api.stop();
  await cleanups.cleanup();
  log(
    `${setup}: ${row.overall.frames}/${row.overall.expected} frames, p50 ${row.overall.p50} ms, p95 ${row.overall.p95} ms, p99 ${row.overall.p99} ms, missed ${missed}`,
  );
  return row;
}

// ---------------------------------------------------------------- report

async function main() {
  const rows = await runSetups(SETUPS, runSetup);
  const date = today();
  const settings = {
    trips: TRIPS,
    ratePerSec: RATE,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    referenceMs: REFERENCE_MS,
  };
  const data = runRecord(date, settings, { rows });
  const file = join(RESULTS, `${date}.json`);
  writeResultFile(file, data);
  console.log(`\n${table(rows)}\n\n${notes(rows)}\n`);
  log(`results: ${file}`);
  if (WRITE_README) {
    refreshBenchReadme(
      'live',
      `**live** — \`results/live/${date}.json\` (${date}; ${TRIPS} trips of 2–3 members, ${RATE} writes/s for ${DURATION} s after ${WARMUP} s of warm-up; reference ${REFERENCE_MS.toLocaleString('en')} ms, the promise; ${data.machine.cpus} CPUs, Node ${data.machine.node})\n\n${table(rows)}\n\n${notes(rows)}\n`,
    );
    log('bench/README.md refreshed');
  }
  const failed = rows.some((r) => r.overall.missed > 0 || r.httpErrors > 0);
  if (failed) process.exitCode = 1;
}

await runBenchMain('bench:live', cleanups, main);
