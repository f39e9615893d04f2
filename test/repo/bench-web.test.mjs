// Page speed (PERF-06/PERF-07): a bounded `npm run bench:web` (Lighthouse, mobile preset, on /) that
// must report every figure (the checks of the build itself are in web-build.test.mjs).
// Budgets: the initial JavaScript on / (≤ 170 kB gzip) and accessibility 100 are asserted on every
// run. Mobile performance ≥ 90 scales with the machine's speed and load (Lighthouse simulates a
// phone from the CPU time it observes), and this run shares the machine with the rest of the
// suite: the suite asserts it only with BENCH_WEB_BUDGETS=1; `npm run bench:web` always checks it
// and exits non-zero while it is broken (README "Proof" has the latest figures).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onlyResultFile, runBenchInTemp } from './run-bench.mjs';

const enforceBudgets = process.env.BENCH_WEB_BUDGETS === '1';

describe('page speed', () => {
  it('[PERF-06][PERF-07][SHELL-21] Lighthouse (mobile) on /: every figure is reported, accessibility 100, installable (performance ≥ 90 with BENCH_WEB_BUDGETS=1)', async () => {
    const { code, output, results } = await runBenchInTemp(
      'web.mjs',
      { BENCH_WEB_PAGES: 'home', BENCH_WEB_PRESETS: 'mobile', BENCH_WEB_RUNS: '1' },
      'tripcrew-bench-web-',
    );
    const data = onlyResultFile(join(results, 'web'), output);
    expect(output).toMatch(/\| page \| preset \| performance \| accessibility \| best practices \| LCP ms/);

    expect(data.rows.map((r) => [r.page, r.preset])).toEqual([['home', 'mobile']]);
    const [row] = data.rows;
    for (const figure of ['performance', 'accessibility', 'bestPractices', 'lcpMs', 'tbtMs', 'cls']) {
      expect(row[figure], figure).toEqual(expect.any(Number));
    }
    expect(row.lcpMs).toBeGreaterThan(0);
    // The app's own scripts were downloaded and counted.
    expect(row.scriptRequests).toBeGreaterThan(0);
    expect(row.scriptTransferBytes).toBeGreaterThan(0);
    expect(data.initialJs.totalGzip).toBeGreaterThan(0);
    // Chromium would offer to install the app (SHELL-21): a manifest, no installability error.
    expect(data.installable, output).toMatchObject({ installable: true, installabilityErrors: [] });
    expect(data.installable.manifestUrl).toMatch(/\/manifest\.webmanifest$/);
    expect(output).toMatch(/✓ installable/);
    // The machine's speed as Lighthouse measured it, with the figures it scaled.
    expect(row.benchmarkIndex).toBeGreaterThan(0);
    expect(data.machine.benchmarkIndex).toBe(row.benchmarkIndex);
    expect(output).toMatch(/CPU benchmark index \d+/);

    const context = `${output}\nfailing audits: ${JSON.stringify(row.failingAccessibility)}`;
    expect(row.accessibility, context).toBe(100);
    if (enforceBudgets) expect(row.performance, context).toBeGreaterThanOrEqual(90);
    // The script says so too: it exits non-zero exactly when a budget is broken.
    expect(code, output).toBe(data.checks.every((c) => c.ok) ? 0 : 1);
  }, 175_000);
});
