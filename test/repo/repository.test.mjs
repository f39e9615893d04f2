// The repository's own promises: the two commands, the layout, the README and CI.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dependenciesStale,
  ensureDependencies,
  hashFiles,
  manifests,
  root,
  webBuildStale,
  webInputs,
} from '../../scripts/ensure.mjs';
import { runSteps, runStepsAtOnce, summarize } from '../../scripts/test-runner.mjs';

const read = (path) => readFileSync(join(root, path), 'utf8');
/** `scripts/test.mjs` with `env` set refuses to run: exit 2 and `message` on stderr. */
function expectTestRunnerRefuses(env, message) {
  const wrong = spawnSync(process.execPath, [join(root, 'scripts/test.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(wrong.status).toBe(2);
  expect(wrong.stderr).toContain(message);
}

const temps = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-repo-'));
  temps.push(dir);
  return dir;
}
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

describe('layout', () => {
  it('[OPS-01] is npm workspaces with strict TypeScript, a validate script, architecture notes and decision records', () => {
    const pkg = JSON.parse(read('package.json'));
    expect(pkg.workspaces).toEqual(expect.arrayContaining(['apps/api', 'apps/web', 'packages/contracts']));
    const base = JSON.parse(read('tsconfig.base.json'));
    expect(base.compilerOptions.strict).toBe(true);
    for (const project of ['apps/api', 'apps/web', 'packages/contracts']) {
      expect(JSON.parse(read(`${project}/tsconfig.json`)).extends).toBe('../../tsconfig.base.json');
    }
    const validate = read('scripts/validate.mjs');
    expect(validate).toMatch(/eslint/);
    expect(validate).toMatch(/tsgo/);
    expect(validate).toMatch(/scripts\/test\.mjs/);
    expect(pkg.scripts.validate).toBe('node scripts/validate.mjs');
    const architecture = read('docs/ARCHITECTURE.md');
    expect(architecture).toMatch(/```[\s\S]*──[\s\S]*```/); // a diagram in text
    expect(
      readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f)).length,
    ).toBeGreaterThanOrEqual(5);
  });
});

describe('npm start on a fresh clone', () => {
  it('[OPS-02] installs dependencies when node_modules is missing or the package files changed, and not otherwise', () => {
    const dir = tempDir();
    for (const file of manifests) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), existsSync(join(root, file)) ? read(file) : '{}');
    }
    // A stand-in npm on PATH records how it was called and "installs".
    const bin = join(dir, 'fake-bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "$@" >> "$PWD/npm-calls"\nmkdir -p node_modules\n');
    chmodSync(join(bin, 'npm'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      expect(dependenciesStale(dir)).toBe(true);
      expect(ensureDependencies(dir)).toBe(true);
      expect(readFileSync(join(dir, 'npm-calls'), 'utf8')).toMatch(/^install /);
      // The build and test tools too, even under NODE_ENV=production.
      expect(readFileSync(join(dir, 'npm-calls'), 'utf8')).toMatch(/^install .*--include=dev/);
      expect(dependenciesStale(dir)).toBe(false);
      expect(ensureDependencies(dir)).toBe(false); // nothing to do the second time
      writeFileSync(join(dir, 'apps/api/package.json'), '{"name":"changed"}');
      expect(dependenciesStale(dir)).toBe(true);
      expect(ensureDependencies(dir)).toBe(true);
      expect(readFileSync(join(dir, 'npm-calls'), 'utf8').trim().split('\n')).toHaveLength(2);
    } finally {
      process.env.PATH = path;
    }
  });

  it('[OPS-02] rebuilds the web app only when its sources changed', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'apps/web/src'), { recursive: true });
    mkdirSync(join(dir, 'apps/web/dist'), { recursive: true });
    writeFileSync(join(dir, 'apps/web/src/main.tsx'), 'export {}');
    expect(webBuildStale(dir)).toBe(true);
    writeFileSync(join(dir, 'apps/web/dist/.build-stamp'), hashFiles(webInputs, dir));
    expect(webBuildStale(dir)).toBe(false);
    writeFileSync(join(dir, 'apps/web/src/main.tsx.test.tsx'), 'tests do not count');
    expect(webBuildStale(dir)).toBe(false);
    writeFileSync(join(dir, 'apps/web/src/main.tsx'), 'export const changed = 1;');
    expect(webBuildStale(dir)).toBe(true);
  });

  it('[OPS-02] npm start migrates, seeds an empty embedded database and serves the app and the API on PORT', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        NODE_ENV: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      // Migrations and the first seed take a while on a busy machine (over 100 s under a load
      // average of 27 on two cores): wait up to 200 s, unless the process has already exited.
      let health;
      let gone = false;
      void exited.then(() => (gone = true));
      const deadline = Date.now() + 200_000;
      while (!health && !gone && Date.now() < deadline) {
        health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 250));
      }
      expect(health?.status, output).toBe(200);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
      const page = await fetch(`${base}/trips`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // Seeded: a demo account signs in.
      const csrf = /csrf-token=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `csrf-token=${csrf}` },
        body: JSON.stringify({ email: 'ana@tripcrew.test', password: 'Tripcrew-demo-1' }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 260_000);
});

describe('npm test', () => {
  it('[OPS-03] TEST_SCOPE=database runs the API project and the browser journeys only; a wrong scope stops at once', () => {
    const script = read('scripts/test.mjs');
    expect(script).toMatch(/scope === 'database'\s*\? \['--project', 'api'\]/);
    expect(script).toMatch(/\.\.\.vitestProjects,/);
    // The projects left out never read the engine's settings.
    for (const dir of ['apps/web/src', 'test/repo']) {
      const found = spawnSync(
        'grep',
        ['-rl', ['process', 'env', 'DATABASE_URL'].join('.'), join(root, dir)],
        {
          encoding: 'utf8',
        },
      );
      expect(found.stdout.trim(), dir).toBe('');
    }
    expectTestRunnerRefuses({ TEST_SCOPE: 'some' }, 'TEST_SCOPE must be "all", "database" or "no-database"');
  });

  it("[OPS-03] TEST_SCOPE=no-database runs every vitest project but the API's: together the two scopes hold them all", () => {
    const script = read('scripts/test.mjs');
    const listed = script.match(/PROJECTS_WITHOUT_DATABASE = \[([^\]]*)\]/)?.[1] ?? '';
    const without = [...listed.matchAll(/'([^']+)'/g)].map(([, name]) => name);
    const projects = [...read('vitest.config.ts').matchAll(/^\s*name: '([^']+)'/gm)].map(([, name]) => name);
    expect([...without, 'api'].sort()).toEqual([...projects].sort());
    expect(script).toMatch(/PROJECTS_WITHOUT_DATABASE\.flatMap\(\(project\) => \['--project', project\]\)/);
  });

  it('[OPS-03] runs the unit/integration runner and the browser runner, and fails when any step fails', async () => {
    const script = read('scripts/test.mjs');
    expect(script).toMatch(/vitest\/vitest\.mjs/);
    expect(script).toMatch(/@playwright\/test\/cli\.js/);
    expect(read('vitest.config.ts')).toMatch(/name: 'api'[\s\S]*name: 'web'/);
    const quiet = { log() {}, error() {} };
    const ok = { name: 'ok', args: ['-e', 'process.exit(0)'], env: {} };
    const bad = { name: 'bad', args: ['-e', 'process.exit(3)'], env: {} };
    expect(runSteps([ok, ok], { cwd: root, log: quiet })).toBe(0);
    expect(runSteps([bad, ok], { cwd: root, log: quiet })).toBe(1);
    // At once (TEST_AT_ONCE=1): a failing step counts wherever it is; the build runs once, before the last.
    let builds = 0;
    const beforeLast = () => (builds += 1);
    expect(await runStepsAtOnce([ok, ok], { cwd: root, log: quiet, beforeLast })).toBe(0);
    expect(await runStepsAtOnce([bad, ok], { cwd: root, log: quiet, beforeLast })).toBe(1);
    expect(await runStepsAtOnce([ok, bad], { cwd: root, log: quiet, beforeLast })).toBe(1);
    expect(builds).toBe(3);
    expectTestRunnerRefuses({ TEST_AT_ONCE: 'yes' }, 'TEST_AT_ONCE must be "0" or "1"');
    const dir = tempDir();
    const vitestJson = join(dir, 'v.json');
    const playwrightJson = join(dir, 'p.json');
    writeFileSync(
      vitestJson,
      JSON.stringify({
        numPassedTests: 10,
        numFailedTests: 1,
        numPendingTests: 2,
        testResults: [
          {
            name: join(root, 'apps/api/a.test.ts'),
            assertionResults: [
              { status: 'passed', fullName: 'a works' },
              {
                status: 'failed',
                fullName: 'a breaks',
                failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3'],
              },
            ],
          },
        ],
      }),
    );
    writeFileSync(
      playwrightJson,
      JSON.stringify({
        stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 0 },
        suites: [
          {
            file: 'b.spec.ts',
            specs: [{ title: 'b passes', tests: [{ status: 'expected' }] }],
            suites: [
              {
                specs: [
                  {
                    title: 'b fails',
                    file: 'b.spec.ts',
                    tests: [
                      {
                        status: 'unexpected',
                        results: [
                          {
                            errors: [
                              { message: '\u001b[31mError: the notice is shown\u001b[39m\n\n  timed out' },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    // The closing line, then the failed tests by name with the first lines of their errors (without
    // colours or blank lines), so the end of a long log says what failed and why.
    expect(summarize('PGlite', { vitestJson, playwrightJson, failedSteps: 1 })).toBe(
      [
        'PGlite: 16 passed, 2 failed, 2 skipped',
        '  ✗ apps/api/a.test.ts › a breaks',
        '      AssertionError: expected 1 to be 2',
        '          at a.test.ts:3',
        '  ✗ b.spec.ts › b fails',
        '      Error: the notice is shown',
        '        timed out',
      ].join('\n'),
    );
    // A runner that crashed without a report still fails the summary.
    expect(
      summarize('PGlite', {
        vitestJson: join(dir, 'none'),
        playwrightJson: join(dir, 'none'),
        failedSteps: 1,
      }),
    ).toBe('PGlite: 0 passed, 1 failed, 0 skipped');
  });
});

describe('README', () => {
  it('[OPS-04] opens with npm start and npm test, then dev mode, the configuration table and PostgreSQL/Redis', () => {
    const readme = read('README.md');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n')[0]).toMatch(/^npm start\b/);
    expect(firstBlock.split('\n')[1]).toMatch(/^npm test\b/);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('## '));
    expect(readme).toMatch(/npm run dev.*(HMR|Vite)/);
    for (const name of [
      'PORT',
      'HOST',
      'APP_URL',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'JWT_SECRET',
      'GOOGLE_CLIENT_ID',
      'GITHUB_CLIENT_ID',
      'SEED_DEMO',
      'RATE_LIMIT_',
      'LOG_LEVEL',
    ]) {
      expect(readme, name).toMatch(new RegExp(`^\\|[^\\n]*\`${name}`, 'm'));
    }
    expect(readme).toMatch(/## Run on PostgreSQL \(and Redis\)/);
    expect(readme).toMatch(/DATABASE_URL=postgres:\/\//);
    expect(readme).toMatch(/REDIS_URL=redis:\/\//);
    // Every variable the config reads is documented.
    const config = read('apps/api/src/config.ts');
    const envNames = [...config.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    for (const name of envNames) expect(readme, `README documents ${name}`).toContain(name);
  });
});

describe('README for newcomers', () => {
  it('[OPS-07] explains the dev outbox and lists the demo accounts', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/Without `SMTP_URL`, every mail[\s\S]*DATA_DIR\/outbox/);
    expect(readme).toMatch(/\/dev\/outbox/);
    expect(readme).toMatch(/GET \/api\/dev\/outbox/);
    expect(readme).toMatch(/ana@tripcrew\.test \| Tripcrew-demo-1/);
  });
});

describe('tests', () => {
  it('[OPS-03] no test waits on wall-clock time: they wait on events, a fake clock or a bounded poll', () => {
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.(test|spec)\.(ts|tsx|mjs)$/.test(entry.name)) files.push(path);
      }
    };
    for (const dir of [
      'apps/api/src',
      'apps/api/test',
      'apps/web/src',
      'apps/web/e2e',
      'packages/contracts/src',
    ])
      walk(dir);
    expect(files.length).toBeGreaterThan(100);
    const sleeps = [
      /waitForTimeout\(/,
      // A timer of a fixed, non-zero length that a test awaits (not a deadline for an event).
      /new Promise[^;]*setTimeout\([^;]*,\s*[1-9][\d_]*\s*\)/,
      /\bsleep\(\s*[1-9]/,
    ];
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => sleeps.some((pattern) => pattern.test(line)))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

describe('CI', () => {
  it('[OPS-05] .ci/run installs what a fresh machine lacks, runs validate without the API suites and the API suites on PostgreSQL', () => {
    const ci = read('.ci/run');
    expect(ci).toMatch(/set -euo pipefail/);
    expect(ci).toMatch(
      /command -v chromium[\s\S]*fonts-noto-color-emoji[\s\S]*apt-get install -y -qq chromium chromium-headless-shell fonts-noto-color-emoji/,
    );
    expect(ci).toMatch(/npm install/);
    expect(ci).toMatch(/npm run validate/);
    expect(ci).toMatch(
      /TEST_AT_ONCE=1 TEST_SCOPE=database DATABASE_URL="postgres:\/\/postgres@127\.0\.0\.1:5432\/\$db" npm test/,
    );
    const syntax = spawnSync('bash', ['-n', join(root, '.ci/run')]);
    expect(syntax.status).toBe(0);
  });

  it('[OPS-05] the browser journeys run once: the PGlite pass without them (TEST_E2E=0), the PostgreSQL pass with them, no retries', () => {
    const ci = read('.ci/run');
    expect(ci).toMatch(/TEST_E2E=0 TEST_SCOPE=no-database npm run validate/);
    // The PostgreSQL pass runs with the journeys (no TEST_E2E=0 on its line).
    const pgPass = ci.split('\n').find((line) => /TEST_SCOPE=database/.test(line) && /npm test/.test(line));
    expect(pgPass).toBeDefined();
    expect(pgPass).not.toMatch(/TEST_E2E/);
    expect(read('scripts/test.mjs')).toMatch(/withE2e && \{/);
    expect(read('apps/web/playwright.config.ts')).toMatch(/retries: 0,/);
    expectTestRunnerRefuses({ TEST_E2E: 'no' }, 'TEST_E2E must be "0" or "1"');
  });

  it('[OPS-06] browser tests drive Debian Chromium through Playwright and never download a browser', () => {
    const config = read('apps/web/playwright.config.ts');
    expect(config).toMatch(/from '\.\.\/\.\.\/scripts\/chromium\.ts'/);
    expect(config).toMatch(/executablePath: JOURNEY_CHROMIUM_PATH,/);
    const chromium = read('scripts/chromium.ts');
    expect(chromium).toMatch(/CHROMIUM_PATH = process\.env\.CHROMIUM_PATH \?\? '\/usr\/bin\/chromium'/);
    // The journeys' browser: Debian's headless shell when installed, else the full Chromium.
    expect(chromium).toMatch(/HEADLESS_SHELL_PATH = '\/usr\/bin\/chromium-headless-shell'/);
    expect(chromium).toMatch(/existsSync\(HEADLESS_SHELL_PATH\) \? HEADLESS_SHELL_PATH : CHROMIUM_PATH/);
    expect(read('.ci/run')).toMatch(/apt-get install -y -qq chromium chromium-headless-shell/);
    expect(existsSync('/usr/bin/chromium')).toBe(true);
    for (const file of [
      'package.json',
      '.ci/run',
      'scripts/test.mjs',
      'scripts/start.mjs',
      'scripts/ensure.mjs',
    ]) {
      expect(read(file), file).not.toMatch(/playwright install/);
    }
    const pkg = JSON.parse(read('package.json'));
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('puppeteer');
  });
});
