// The shape of the API modules (docs/ARCHITECTURE.md, "API module files"): every module, or every
// sub-resource folder of a big module, has its routes, service, repository, table, policy and tests,
// or its README.md says in one line why not; one naming style for test files and web api files;
// no module reads another module's tables; app.ts composes services, never repositories.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/ensure.mjs';

const MODULES = join(root, 'apps/api/src/modules');
const ROLES = ['routes', 'service', 'repository', 'table', 'policy', 'tests'];
/** Folders inside a module that hold data, not code. */
const DATA_FOLDERS = new Set(['data']);
/** A folder with more source files than this is a flat module that should split by sub-resource. */
const MAX_FILES_PER_FOLDER = 18;

const isDir = (path) => statSync(path).isDirectory();
const modules = () => readdirSync(MODULES).filter((name) => isDir(join(MODULES, name)));
const subFolders = (module) =>
  readdirSync(join(MODULES, module)).filter(
    (name) => !DATA_FOLDERS.has(name) && isDir(join(MODULES, module, name)),
  );
const sourceFiles = (dir) => readdirSync(dir).filter((name) => /\.(ts|tsx)$/.test(name));

/** Every file below `dir` (recursively), as paths relative to the repository root. */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return isDir(path) ? walk(path) : [relative(root, path)];
  });
}

/** The roles a folder's files play, by their suffix. */
function rolesIn(dir) {
  const files = sourceFiles(dir);
  const has = (suffix) => files.some((file) => file.endsWith(suffix));
  return {
    routes: has('.routes.ts'),
    service: has('.service.ts'),
    repository: has('.repository.ts'),
    table: has('.table.ts'),
    policy: has('.policy.ts'),
    tests: has('.test.ts'),
  };
}

/**
 * The module README's one-line reasons: `- <where>: no <role>[, no <role>…] — <why>`, where
 * `<where>` is `.` for the module's own folder or `<sub-folder>/`.
 */
function readmeReasons(module) {
  let text = '';
  try {
    text = readFileSync(join(MODULES, module, 'README.md'), 'utf8');
  } catch {
    return new Map();
  }
  const reasons = new Map();
  for (const line of text.split('\n')) {
    const match = /^- (\S+): (no [a-z]+(?:, no [a-z]+)*) — \S/.exec(line);
    if (!match) continue;
    const where = match[1] === '.' ? '' : match[1].replace(/\/$/, '');
    for (const role of match[2].split(', ').map((part) => part.slice(3))) {
      reasons.set(`${where}:${role}`, line);
    }
  }
  return reasons;
}

/** The folders of a module that carry the roles: its sub-resource folders, or itself when flat. */
const units = (module) => {
  const subs = subFolders(module);
  return subs.length > 0 ? subs : [''];
};

describe('API module shape', () => {
  it('every module has a public entry, index.ts', () => {
    const missing = modules().filter((module) => !sourceFiles(join(MODULES, module)).includes('index.ts'));
    expect(missing).toEqual([]);
  });

  it('every module or sub-resource has its routes, service, repository, table, policy and tests, or its README says why not', () => {
    const problems = [];
    for (const module of modules()) {
      const reasons = readmeReasons(module);
      for (const unit of units(module)) {
        const roles = rolesIn(join(MODULES, module, unit));
        const where = unit ? `${module}/${unit}/` : `${module}/`;
        for (const role of ROLES) {
          const reason = reasons.get(`${unit}:${role}`);
          if (!roles[role] && !reason)
            problems.push(`${where} has no ${role} and its README.md does not say why`);
          if (roles[role] && reason)
            problems.push(`${where} has a ${role}, yet its README.md says it has none`);
        }
      }
      for (const key of reasons.keys()) {
        const unit = key.split(':')[0];
        if (!units(module).includes(unit))
          problems.push(`${module}/README.md names a folder that is not there: ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('big modules split into sub-resource folders: no folder holds more than 18 source files', () => {
    const crowded = modules().flatMap((module) =>
      ['', ...subFolders(module)]
        .map((unit) => join(MODULES, module, unit))
        .filter((dir) => sourceFiles(dir).length > MAX_FILES_PER_FOLDER)
        .map((dir) => `${relative(root, dir)} (${sourceFiles(dir).length} files)`),
    );
    expect(crowded).toEqual([]);
  });

  it('test files are named <subject>.test.ts, with no second dot', () => {
    const tests = [
      ...walk(join(root, 'apps/api/src')),
      ...walk(join(root, 'apps/api/test')),
      ...walk(join(root, 'apps/web/src')),
    ]
      .filter((path) => /\.test\.tsx?$/.test(path))
      .filter((path) => !/\/[a-z0-9-]+\.test\.tsx?$/.test(path));
    expect(tests).toEqual([]);
  });

  it('web api/ files are named <verb>-<what>.ts (one endpoint), <resource>-….ts (several), use-….ts (a hook)', () => {
    // A verb for one endpoint; otherwise the module's resource (its name, or in the singular) first.
    const VERBS =
      'get|create|update|delete|add|remove|send|search|mark|upload|download|approve|decline|open|prefetch|' +
      'autocomplete|activate|confirm|change|request|login|logout|register';
    const resource = (module) => `${module}|${module.replace(/ies$/, 'y').replace(/s$/, '')}`;
    const web = join(root, 'apps/web/src/modules');
    const misnamed = readdirSync(web)
      .filter((module) => existsSync(join(web, module, 'api')))
      .flatMap((module) =>
        readdirSync(join(web, module, 'api'))
          .filter(
            (file) =>
              !new RegExp(
                `^(?:(?:${VERBS}|use|${resource(module)})(?:-[a-z0-9]+)*)\\.(?:test\\.)?tsx?$`,
              ).test(file),
          )
          .map((file) => `apps/web/src/modules/${module}/api/${file}`),
      );
    expect(misnamed).toEqual([]);
  });

  it('no module reads another module’s tables in its SQL', () => {
    // Table names per module, from the pgTable('name', …) declarations of its table files.
    const owner = new Map();
    for (const module of modules()) {
      for (const path of walk(join(MODULES, module)).filter((p) => p.endsWith('.table.ts'))) {
        for (const match of readFileSync(join(root, path), 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
          owner.set(match[1], module);
        }
      }
    }
    expect(owner.get('features')).toBe('features');
    const problems = [];
    for (const module of modules()) {
      for (const path of walk(join(MODULES, module)).filter(
        (p) => /\.ts$/.test(p) && !/\.(test|fixtures)\.ts$/.test(p),
      )) {
        const text = readFileSync(join(root, path), 'utf8');
        for (const match of text.matchAll(/\b(?:from|join|into|update)\s+([a-z_]+)\b/gi)) {
          const table = match[1];
          const tableOwner = owner.get(table);
          if (
            tableOwner &&
            tableOwner !== module &&
            !/^\s*(?:import|export)\b/m.test(lineOf(text, match.index))
          ) {
            problems.push(`${path} reads ${table} (owned by ${tableOwner})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('app.ts composes services and routes only, never a repository or a table', () => {
    const app = readFileSync(join(root, 'apps/api/src/app.ts'), 'utf8');
    const deep = [...app.matchAll(/from '(\.\/modules\/[^']+)'/g)]
      .map((match) => match[1])
      .filter((path) => /\.(repository|table)\.ts$/.test(path));
    expect(deep).toEqual([]);
  });
});

function lineOf(text, index) {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? undefined : end);
}
