/**
 * The figures of `npm run bench:live`: latency percentiles per write kind and overall, the
 * ratio of p95 to the promise (a change reaches the other members within a second), and the
 * Markdown table printed and written into bench/README.md.
 */
import { percentile } from './harness.mjs';

/** The product's promise: a change reaches every other member's open page within a second. */
export const REFERENCE_MS = 1000;

const round = (v) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

/** p50/p95/p99/max of delivery latencies (ms) and of the writes' HTTP answers, and the ratio. */
export function summarize(latencies, writeLatencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const writes = [...writeLatencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    frames: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(p95),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
    writeP50: round(percentile(writes, 50)),
    writeP95: round(percentile(writes, 95)),
    ratioP95: p95 === null ? null : Math.round((p95 / REFERENCE_MS) * 1000) / 1000,
  };
}

const fmt = (v) => (v === null || v === undefined ? '—' : String(v));

/** One Markdown table: a row per setup × kind (and the setup's overall row). */
export function table(rows) {
  const out = [
    '| setup | write | writes | frames | missed | p50 ms | p95 ms | p99 ms | max ms | write p95 ms | p95 ÷ 1,000 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    for (const k of [...r.kinds, { ...r.overall, kind: '**all**' }]) {
      out.push(
        `| ${r.setup} | ${k.kind} | ${k.writes} | ${k.frames} | ${k.missed} | ${fmt(k.p50)} | ${fmt(k.p95)} | ${fmt(k.p99)} | ${fmt(k.max)} | ${fmt(k.writeP95)} | ${fmt(k.ratioP95)} |`,
      );
    }
  }
  return out.join('\n');
}

/** The lines under the table: what else each setup saw (all zero in a clean run). */
export function notes(rows) {
  return rows
    .map(
      (r) =>
        `${r.setup}: ${r.trips} trips (${r.sockets} member sockets), ${r.writesPerSec} writes/s for ${r.seconds} s; ` +
        `expected frames ${r.overall.expected}, missed ${r.overall.missed}, duplicate or unexpected ${r.unexpected}, ` +
        `late (after ${r.missAfterMs} ms) ${r.late}; HTTP errors ${r.httpErrors}; writes skipped (trip still busy) ${r.skipped}; ` +
        `frames before the write's HTTP answer ${r.beforeAnswerPct} %; ` +
        `load average ${r.loadAverage.before.toFixed(1)} → ${r.loadAverage.after.toFixed(1)} on ${r.cpus} CPUs.`,
    )
    .join('\n\n');
}
