// The proof suites (issue 7): each runs from a README command, and the fast ones run on every
// change because `npm test` (which CI runs on PostgreSQL, and a fresh clone on PGlite) includes them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/ensure.mjs';

const read = (path) => readFileSync(join(root, path), 'utf8');
const pkg = JSON.parse(read('package.json'));
const readme = read('README.md');

/** The file a `node [--import tsx] <file>` or `vitest run -c <config>` script runs. */
function scriptTarget(script) {
  const config = / -c (\S+)/.exec(script);
  if (config) return config[1];
  const file = /(\S+\.(?:mjs|ts))\b/.exec(script);
  return file?.[1];
}

describe('proof suites', () => {
  it('[OPS-13] every slow proof suite is an npm script named in the README, and its entry file exists', () => {
    for (const name of ['bench:load', 'bench:web', 'test:faults', 'bench']) {
      const script = pkg.scripts[name];
      expect(script, name).toEqual(expect.any(String));
      expect(readme, name).toContain(`npm run ${name}`);
      for (const part of script.split('&&')) {
        const target = scriptTarget(part.trim());
        expect(target, part).toBeDefined();
        expect(existsSync(join(root, target)), `${name}: ${target}`).toBe(true);
      }
    }
    // The README links the latest load and page-speed figures.
    for (const block of ['bench:load', 'bench:web']) {
      expect(readme).toContain(`<!-- ${block}:start -->`);
      expect(readme).toContain(`<!-- ${block}:end -->`);
    }
  });

  it('[OPS-13] the benchmarks are not in npm test: each keeps a smoke run under npm run bench:smoke, and npm run bench runs them all', () => {
    const vitestConfig = read('vitest.config.ts');
    expect(vitestConfig).not.toContain("name: 'bench'");
    expect(vitestConfig).toContain("exclude: ['test/repo/bench*.test.mjs']");
    expect(pkg.scripts['bench:smoke']).toBe('vitest run -c vitest.bench.config.ts');
    expect(read('vitest.bench.config.ts')).toContain("'test/repo/bench*.test.mjs'");
    for (const bench of ['catalogue', 'messaging', 'live', 'load', 'api', 'web', 'web-map']) {
      expect(pkg.scripts.bench, bench).toContain(`bench/${bench}.mjs`);
    }
    expect(readme).toContain('npm run bench:smoke');
  });

  it('[OPS-13] the fast suites run in npm test: fuzz (fixed seed, bounded), authorization matrix, security checks, axe', () => {
    // npm test runs Vitest (the api project takes apps/api/test/**) and then every Playwright spec.
    expect(pkg.scripts.test).toBe('node scripts/test.mjs');
    const vitestConfig = read('vitest.config.ts');
    expect(vitestConfig).toContain("'apps/api/test/**/*.test.ts'");
    const apiSuites = ['fuzz', 'authz-matrix', 'security'];
    for (const suite of apiSuites) {
      expect(existsSync(join(root, `apps/api/test/proof/${suite}.test.ts`)), suite).toBe(true);
    }
    const fuzz = read('apps/api/test/proof/fuzz.test.ts');
    expect(fuzz).toMatch(/seed/i);
    expect(fuzz).toMatch(/numRuns|PER_OPERATION|perOperation/);
    const playwrightConfig = read('apps/web/playwright.config.ts');
    expect(playwrightConfig).toContain("testDir: './e2e'");
    for (const spec of ['accessibility', 'keyboard', 'xss']) {
      const text = read(`apps/web/e2e/${spec}.spec.ts`);
      expect(text.length, spec).toBeGreaterThan(0);
    }
    expect(read('apps/web/e2e/accessibility.spec.ts')).toContain('@axe-core/playwright');
    // CI runs validate (which runs npm test without the API suites) and npm test on PostgreSQL.
    const ci = read('.ci/run');
    expect(ci).toContain('npm run validate');
    expect(ci).toMatch(/DATABASE_URL=\S+ npm test/);
    expect(read('scripts/validate.mjs')).toContain("join(root, 'scripts/test.mjs')");
  });
});
