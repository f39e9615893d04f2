/**
 * The messaging benchmark (issue "Social", PERF-03): 1,000 WebSocket clients in 500 chats
 * (pairs of crew members), senders posting over HTTP at a fixed rate; the delivery latency is
 * measured from just before the POST to the moment the recipient's socket receives the frame.
 *
 * Setups, each on a throwaway PostgreSQL database:
 *   one — one API instance (in-process delivery);
 *   two — two API instances sharing PostgreSQL and Redis; the two people of every chat sit on
 *         different instances, so every message crosses Redis pub/sub.
 * Prints a table, writes bench/results/messaging/<date>.json and refreshes its table in
 * bench/README.md. Loopback only; bounded in count and time; cleans up after itself.
 *
 * Knobs (environment): BENCH_MSG_CLIENTS=1000 (even)  BENCH_MSG_RATE=200 (messages/s)
 * BENCH_MSG_DURATION=10 (s measured, after a warm-up)  BENCH_MSG_SETUPS=one,two
 * BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_REDIS_URL=redis://127.0.0.1:6379
 * BENCH_RESULTS_DIR (default bench/results)  BENCH_README=0 (leave bench/README.md alone)
 * BENCH_MAX_SECONDS=300 (hard limit)
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createCleanups, createLog, percentile, refreshBenchReadme, ROOT, sleep } from './lib/harness.mjs';
import { insertBenchUsers, insertCrewLinks, openUserSocket } from './lib/live-seed.mjs';
import { runSetups, startSocketSetup } from './lib/live-setup.mjs';
import { runBenchMain, runRecord, today, writeResultFile } from './lib/results.mjs';

const env = process.env;
const CLIENTS = Math.max(2, Math.floor(Number(env.BENCH_MSG_CLIENTS ?? 1000) / 2) * 2);
const CHATS = CLIENTS / 2;
const RATE = Number(env.BENCH_MSG_RATE ?? 200);
const DURATION = Number(env.BENCH_MSG_DURATION ?? 10);
const SETUPS = (env.BENCH_MSG_SETUPS ?? 'one,two').split(',').map((s) => s.trim());
const ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = join(env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results'), 'messaging');
const WRITE_README = env.BENCH_README !== '0';
const TARGET = { p99Ms: 100, ratePerSec: 200 };
/** How long to wait for the last deliveries after the last POST. */
const DRAIN_MS = 5000;

const log = createLog('bench:messaging');
const cleanups = createCleanups('bench:messaging', Number(env.BENCH_MAX_SECONDS ?? 300));

// ---------------------------------------------------------------- data

/** CLIENTS confirmed users; users 2k and 2k+1 are each other's crew. Returns their ids in order. */
async function createUsers(databaseUrl, runId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = await insertBenchUsers(client, {
      email: 'bench-msg',
      lastName: 'User',
      runId,
      total: CLIENTS,
    });
    const links = [];
    for (let k = 0; k < CHATS; k += 1) links.push([ids[2 * k], ids[2 * k + 1]], [ids[2 * k + 1], ids[2 * k]]);
    await insertCrewLinks(client, links);
    return ids;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- clients

/** Opens a socket for `userId`, authenticates and resolves once the server says ready. */
function connect(base, userId, token, onMessage) {
  return openUserSocket(base, token, (frame) => {
    if (frame.type === 'message' && frame.message.senderId !== userId) onMessage(frame.message);
  });
}

// ---------------------------------------------------------------- one setup

async function runSetup(setup) {
  const { instances, runId, databaseUrl, apis, tokens, csrf } = await startSocketSetup({
    cleanups,
    log,
    setup,
    database: 'tripcrew_bench_msg',
    adminUrl: ADMIN_URL,
    redisUrl: REDIS_URL,
  });
  const ids = await createUsers(databaseUrl, runId);

  // Where each user is connected: the two people of a chat on different instances when there are two.
  const home = (i) => i % instances;
  const sentAt = new Map();
  const latencies = [];
  let duplicates = 0;
  const delivered = new Set();
  let measuring = false;
  const onMessage = (message) => {
    const t0 = sentAt.get(message.text);
    if (t0 === undefined) return;
    if (delivered.has(message.text)) {
      duplicates += 1;
      return;
    }
    delivered.add(message.text);
    if (message.text.startsWith('m')) latencies.push(performance.now() - t0);
  };

  log(`${setup}: connecting ${CLIENTS} sockets`);
  const sockets = [];
  cleanups.push(() => sockets.forEach((s) => s.terminate()));
  const t0 = Date.now();
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(CLIENTS, i + 50); j += 1) {
      const token = await tokens.sign({ userId: ids[j], sessionId: undefined });
      batch.push(connect(apis[home(j)].base, ids[j], token, onMessage));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  log(`${setup}: ${sockets.length} sockets ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const senderTokens = await Promise.all(ids.map((id) => tokens.sign({ userId: id, sessionId: undefined })));
  const postLatencies = [];
  let httpErrors = 0;
  let sent = 0;
  const inFlight = new Set();
  async function post(counter, prefix) {
    const chat = counter % CHATS;
    const forward = Math.floor(counter / CHATS) % 2 === 0;
    const sender = forward ? 2 * chat : 2 * chat + 1;
    const recipient = forward ? 2 * chat + 1 : 2 * chat;
    const api = home(sender);
    const text = `${prefix}${counter}`;
    const started = performance.now();
    sentAt.set(text, started);
    try {
      const response = await fetch(`${apis[api].base}/api/users/messages/direct/${ids[recipient]}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${senderTokens[sender]}`,
          'content-type': 'application/json',
          'x-csrf-token': csrf[api],
          cookie: `csrf-token=${csrf[api]}`,
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({ text }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) {
        httpErrors += 1;
        sentAt.delete(text);
        return;
      }
      if (measuring) {
        sent += 1;
        postLatencies.push(performance.now() - started);
      }
    } catch {
      httpErrors += 1;
      sentAt.delete(text);
    }
  }
  /** Open loop: `rate` messages per second for `seconds`, spread over 10 ms ticks. */
  async function drive(rate, seconds, prefix) {
    const total = Math.round(rate * seconds);
    const begin = performance.now();
    for (let counter = 0; counter < total; counter += 1) {
      const due = begin + (counter / rate) * 1000;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const p = post(counter, prefix).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    return (performance.now() - begin) / 1000;
  }

  // Warm-up, not measured: every chat gets its first message (the chat rows are created), and
  // the instances run the send path long enough (5 s at the rate) for the JIT to settle.
  const warmup = Math.max(CHATS, RATE * 5);
  log(`${setup}: warm-up (${warmup} messages)`);
  await drive(Math.max(RATE, 100), warmup / Math.max(RATE, 100), 'w');
  httpErrors = 0;
  log(`${setup}: ${RATE} messages/s for ${DURATION} s`);
  measuring = true;
  const seconds = await drive(RATE, DURATION, 'm');
  const drainUntil = Date.now() + DRAIN_MS;
  while (latencies.length < sent && Date.now() < drainUntil) await sleep(50);
  measuring = false;

  const sorted = [...latencies].sort((a, b) => a - b);
  const posts = [...postLatencies].sort((a, b) => a - b);
  const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
  const p99 = round(percentile(sorted, 99));
  const row = {
    setup: instances === 2 ? 'two instances (PostgreSQL + Redis)' : 'one instance',
    instances,
    redis: instances === 2,
    clients: CLIENTS,
    chats: CHATS,
    targetRate: RATE,
    sent,
    delivered: latencies.length,
    lost: sent - latencies.length,
    duplicates,
    httpErrors,
    sentPerSec: Math.round(sent / seconds),
    deliveredPerSec: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99,
    max: round(sorted.at(-1) ?? null),
    postP50: round(percentile(posts, 50)),
    postP99: round(percentile(posts, 99)),
    targets: [
      { what: `p99 < ${TARGET.p99Ms} ms`, met: p99 !== null && p99 < TARGET.p99Ms },
      {
        what: `≥ ${TARGET.ratePerSec} messages/s delivered`,
        met: Math.round(latencies.length / seconds) >= TARGET.ratePerSec * 0.95,
      },
      { what: 'none lost or duplicated', met: sent === latencies.length && duplicates === 0 },
    ],
  };
  sockets.forEach((s) => s.terminate());
  for (const api of apis) await api.stop();
  await cleanups.cleanup();
  log(
    `${setup}: ${row.delivered}/${row.sent} delivered, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.deliveredPerSec} msg/s`,
  );
  return row;
}

// ---------------------------------------------------------------- report

const fmt = (v) => (v === null || v === undefined ? '—' : String(v));

function table(rows) {
  const out = [
    '| setup | sent | delivered | lost | msg/s | p50 ms | p99 ms | max ms | POST p99 ms | targets |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const targets = r.targets.map((t) => `${t.what}: ${t.met ? '✅ met' : '❌ not met'}`).join('<br>');
    out.push(
      `| ${r.setup} | ${r.sent} | ${r.delivered} | ${r.lost} | ${r.deliveredPerSec} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.postP99)} | ${targets} |`,
    );
  }
  return out.join('\n');
}

async function main() {
  const rows = await runSetups(SETUPS, runSetup);
  const date = today();
  const settings = { clients: CLIENTS, chats: CHATS, ratePerSec: RATE, durationSeconds: DURATION };
  const data = runRecord(date, settings, { target: TARGET, rows });
  const file = join(RESULTS, `${date}.json`);
  writeResultFile(file, data);
  console.log(`\n${table(rows)}\n`);
  log(`results: ${file}`);
  if (WRITE_README) {
    refreshBenchReadme(
      'messaging',
      `**messaging** — \`results/messaging/${date}.json\` (${date}; ${CLIENTS.toLocaleString('en')} sockets in ${CHATS} chats, ${RATE} messages/s for ${DURATION} s; ${data.machine.cpus} CPUs, Node ${data.machine.node})\n\n${table(rows)}\n`,
    );
    log('bench/README.md refreshed');
  }
}

await runBenchMain('bench:messaging', cleanups, main);
