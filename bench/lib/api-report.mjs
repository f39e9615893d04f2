// The output of `npm run bench:api`: the targets each row is held to, the console table, and the
// bench/README.md block built from the newest result file of each engine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refreshMarkedBlock } from './harness.mjs';

export const TARGETS = { readHelloRatio: 0.2, readRawRatio: 0.8, createTripP99Ms: 50 };

export const TARGETS_LINE =
  'Targets (PostgreSQL): every authenticated read ≥ 20 % of hello (bare node:http) and ≥ 0.8 of raw ' +
  '(node:http + pg pool + JWT check, the same SQL an efficient implementation needs); create trip ' +
  'p99 < 50 ms at 10 connections. PGlite rows are informational (no raw reference: hello ratio only).';

/** The targets of one row; none on PGlite (informational). */
export function targetsOf(engine, row) {
  if (engine !== 'postgres') return [];
  if (row.kind === 'read') {
    return [
      { what: '≥ 20 % of hello', met: row.helloRatio !== null && row.helloRatio >= TARGETS.readHelloRatio },
      { what: '≥ 0.8 of raw', met: row.rawRatio !== null && row.rawRatio >= TARGETS.readRawRatio },
    ];
  }
  if (row.scenario === 'create trip') {
    return [
      {
        what: `p99 < ${TARGETS.createTripP99Ms} ms at ${row.connections} connections`,
        met: row.p99 < TARGETS.createTripP99Ms,
      },
    ];
  }
  return [];
}

const fmt = (n, digits = 0) => (n === null || n === undefined ? '—' : Number(n).toFixed(digits));
const percent = (ratio) => (ratio === null || ratio === undefined ? '—' : `${Math.round(ratio * 100)} %`);

function cells(r) {
  return [
    r.scenario,
    fmt(r.reqPerSec),
    fmt(r.p50),
    fmt(r.p99),
    fmt(r.apiBytes),
    fmt(r.rawBytes),
    fmt(r.hello.reqPerSec),
    percent(r.helloRatio),
    fmt(r.raw?.reqPerSec),
    fmt(r.rawRatio, 2),
    String(r.non2xx),
  ];
}

const HEADER = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'API bytes',
  'raw bytes',
  'hello req/s',
  '× hello',
  'raw req/s',
  '× raw',
  'non-2xx',
];

/** Prints one engine's table, its RSS figures and every warning. */
export function printTable(data) {
  const lines = data.rows.map((r) => [
    ...cells(r),
    r.targets.map((t) => `${t.what} ${t.met ? 'met' : 'NOT met'}`).join('; ') || '—',
  ]);
  const header = [...HEADER, 'targets'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (c) => c.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(`\n${data.engine}\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  console.log(`API server RSS: ${rssLine(data.rss)}`);
  for (const r of data.rows) {
    if (r.answers === 'different')
      console.log(`warning: ${r.scenario}: raw answer differs in shape from the API's`);
    if (r.non2xx > 0 || r.errors > 0) {
      console.log(`warning: ${r.scenario}: ${r.non2xx} non-2xx (${r.status5xx} 5xx), ${r.errors} errors`);
    }
    if (r.raw && (r.raw.non2xx > 0 || r.raw.errors > 0)) {
      console.log(`warning: ${r.scenario} (raw): ${r.raw.non2xx} non-2xx, ${r.raw.errors} errors`);
    }
  }
  console.log('');
}

function latestResults(dir) {
  if (!existsSync(dir)) return [];
  const byEngine = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}-\w+\.json$/.test(f))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    byEngine.set(data.engine, { file, data });
  }
  return ['postgres', 'pglite'].filter((e) => byEngine.has(e)).map((e) => byEngine.get(e));
}

/** The RSS figures of one engine's run (idle after load only in runs that measured it). */
function rssLine(rss) {
  const afterIdle =
    rss.idleAfterLoadMb === undefined ? '' : `, idle after load ${fmt(rss.idleAfterLoadMb, 1)} MB`;
  return `idle ${fmt(rss.idleMb, 1)} MB, after load ${fmt(rss.postLoadMb, 1)} MB${afterIdle}`;
}

function readmeTable(dir) {
  const out = [TARGETS_LINE, ''];
  for (const { file, data } of latestResults(dir)) {
    out.push(
      `**${data.engine}** — \`results/api/${file}\` (${data.date}; reads at ${data.readConnections} connections, writes at ${data.writeConnections}; ${data.warmupSeconds} s warm-up + ${data.durationSeconds} s per scenario; ${data.trips} trips of the main user, ${data.users} users; ${data.machine.cpus} CPUs, Node ${data.machine.node}). API server RSS: ${rssLine(data.rss)}.`,
      '',
      `| ${[...HEADER, 'targets'].join(' | ')} |`,
      `| --- | ${HEADER.slice(1)
        .map(() => '---:')
        .join(' | ')} | --- |`,
    );
    for (const r of data.rows) {
      const targets =
        r.targets.map((t) => `${t.what}: ${t.met ? '✅ met' : '❌ not met'}`).join('<br>') ||
        (data.engine === 'postgres' ? '—' : 'informational');
      out.push(`| ${[...cells(r), targets].join(' | ')} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Rewrites the bench:api block of `readme` from the newest files in `dir` (results/api). */
export function refreshReadme(readme, dir) {
  refreshMarkedBlock(readme, '<!-- bench:api:start -->', '<!-- bench:api:end -->', readmeTable(dir));
}
