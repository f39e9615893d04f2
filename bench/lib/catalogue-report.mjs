// The catalogue benchmark's output: the console table and the bench/README.md block built from
// the newest result file of each engine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refreshMarkedBlock } from './harness.mjs';

const fmt = (n, digits = 0) => (n === null || n === undefined ? '—' : Number(n).toFixed(digits));

export function printTable(rows) {
  const header = ['scenario', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'ref req/s', 'ratio', 'targets'];
  const lines = rows.map((r) => [
    r.scenario,
    r.engine,
    fmt(r.reqPerSec),
    fmt(r.p50),
    fmt(r.p99),
    fmt(r.reference?.reqPerSec),
    fmt(r.ratio, 2),
    r.targets.map((t) => `${t.what} ${t.met ? 'met' : 'NOT met'}`).join('; ') || '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  const bad = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of bad)
    console.log(`warning: ${r.engine} ${r.scenario}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log('');
}

function latestResults(RESULTS) {
  if (!existsSync(RESULTS)) return [];
  const byEngine = new Map();
  for (const file of readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(RESULTS, file), 'utf8'));
    byEngine.set(data.engine, { file, data });
  }
  return ['postgres', 'pglite'].filter((e) => byEngine.has(e)).map((e) => byEngine.get(e));
}

const README_START = '<!-- bench:results:start -->';
const README_END = '<!-- bench:results:end -->';

function readmeTable(results) {
  const out = [];
  for (const { file, data } of latestResults(results)) {
    out.push(
      `**${data.engine}** — \`results/${file}\` (${data.date}; ${data.connections} connections, ${data.durationSeconds} s per scenario; ${data.features.toLocaleString('en')} bench features; places: ${data.seedPlaces}; ${data.machine.cpus} CPUs, Node ${data.machine.node})`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | reference req/s | ratio | targets |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of data.rows) {
      const targets =
        r.targets.map((t) => `${t.what}: ${t.met ? '✅ met' : '❌ not met'}`).join('<br>') || '—';
      out.push(
        `| ${r.scenario} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.reference?.reqPerSec)} | ${fmt(r.ratio, 2)} | ${targets} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

/** Rewrites the marked results block of `readme` from the newest files in `results`. */
export function refreshReadme(readme, results) {
  refreshMarkedBlock(readme, README_START, README_END, readmeTable(results));
}
