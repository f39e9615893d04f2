#!/usr/bin/env node
// npm run validate: format check, lint, module boundaries, typecheck, then the whole test suite — what CI runs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
const bin = (name) => join(root, 'node_modules/.bin', name);
const steps = [
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['module boundaries and file size', process.execPath, [join(root, 'scripts/boundaries.mjs')]],
  ['typecheck contracts', bin('tsc'), ['-p', 'packages/contracts']],
  ['typecheck api', bin('tsc'), ['-p', 'apps/api']],
  ['typecheck web', bin('tsc'), ['-p', 'apps/web']],
  ['typecheck fault suite', bin('tsc'), ['-p', 'test/faults']],
  ['tests', process.execPath, [join(root, 'scripts/test.mjs')]],
];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✓ validate passed');
