#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies when missing or stale, and builds the web
// app when its sources changed. Uses only Node built-ins, since it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function hashFiles(paths, base = root) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (
          name === 'node_modules' ||
          name === 'dist' ||
          name.endsWith('.test.ts') ||
          name.endsWith('.test.tsx')
        )
          continue;
        visit(join(path, name));
      }
    } else {
      hash.update(relative(base, path));
      hash.update(readFileSync(path));
    }
  };
  for (const path of paths) visit(join(base, path));
  return hash.digest('hex');
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

export const manifests = [
  'package.json',
  'package-lock.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'packages/contracts/package.json',
];

/** True when node_modules is missing or was installed from other package files than today's. */
export function dependenciesStale(base = root) {
  const stampFile = join(base, 'node_modules', '.tripcrew-install-stamp');
  return !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== hashFiles(manifests, base);
}

export function ensureDependencies(base = root) {
  if (!dependenciesStale(base)) return false;
  console.log('• Installing dependencies (first run or package files changed)…');
  // --include=dev: under NODE_ENV=production npm would leave out the build and test tools.
  run(npm, ['install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: base });
  // npm may normalise the lockfile; stamp what is on disk now.
  writeFileSync(join(base, 'node_modules', '.tripcrew-install-stamp'), hashFiles(manifests, base));
  return true;
}

export const webInputs = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

/** True when the built web app is missing or was built from other sources than today's. */
export function webBuildStale(base = root) {
  const stampFile = join(base, 'apps/web/dist/.build-stamp');
  return !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== hashFiles(webInputs, base);
}

const withoutVitest = (env) => Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'VITEST'));

const BUILD_LOCK_MS = 15 * 60_000;

/**
 * Runs fn while holding apps/web/.build-lock (an atomic mkdir), so that two processes wanting a
 * fresh build at once (npm start beside npm test, two test files) never write one dist folder
 * together: the second waits, then finds the build fresh. A lock older than 15 minutes was left by
 * a killed build and is taken over.
 */
function withBuildLock(fn) {
  const lock = join(root, 'apps/web/.build-lock');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildStale()) return false;
  return withBuildLock(() => {
    // Another process may have built it while this one waited for the lock.
    if (!force && !webBuildStale()) return false;
    const stampFile = join(root, 'apps/web/dist/.build-stamp');
    const wanted = hashFiles(webInputs);
    console.log('• Building the web app (sources changed)…');
    run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: join(root, 'apps/web'),
      // Always the production bundle: a caller running under NODE_ENV=test (a test runner) would
      // otherwise get Vite's development build in the shared dist folder. Nor the test runner's
      // VITEST flag, which turns the service worker off (vite.config.ts).
      env: { ...withoutVitest(process.env), NODE_ENV: 'production' },
    });
    writeFileSync(stampFile, wanted);
    return true;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureDependencies();
  if (process.argv.includes('--build')) ensureWebBuild({ force: process.argv.includes('--force') });
}
