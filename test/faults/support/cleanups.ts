import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Everything a fault test starts (servers, private PostgreSQL and Redis, temp dirs, mounts,
 * databases) registers how to undo it here. `runCleanups()` (afterAll / afterEach) undoes it in
 * reverse order; if the test process itself ends first, the synchronous part (killing children,
 * unmounting, removing dirs) still runs from the exit hook.
 */

type AsyncCleanup = () => Promise<unknown> | unknown;

interface Entry {
  name: string;
  run: AsyncCleanup;
  /** What can still be done synchronously if the process is exiting. */
  sync?: () => void;
}

const stack: Entry[] = [];

export function onCleanup(name: string, run: AsyncCleanup, sync?: () => void): void {
  stack.push({ name, run, ...(sync ? { sync } : {}) });
}

export async function runCleanups(): Promise<void> {
  const failures: string[] = [];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    try {
      await entry.run();
    } catch (error) {
      failures.push(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0) console.warn(`fault suite cleanup problems:\n${failures.join('\n')}`);
}

process.once('exit', () => {
  for (const entry of stack.reverse()) {
    try {
      entry.sync?.();
    } catch {
      // Best effort: the process is going away.
    }
  }
});

/** Kills a child that is still running, and waits (bounded) for it to go. */
export async function killChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

/** Registers a child process to be killed (SIGKILL) at cleanup. */
export function trackChild(name: string, child: ChildProcess): void {
  onCleanup(
    name,
    () => killChild(child),
    () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  );
}

/** A fresh temp directory, removed at cleanup. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `tripcrew-faults-${label}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  onCleanup(`temp dir ${dir}`, remove, remove);
  return dir;
}

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command synchronously; throws with its output when it fails. */
export function run(command: string, args: string[], options: { timeoutMs?: number } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: options.timeoutMs ?? 60_000 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** Whether this process can mount a tmpfs (root in a namespace that allows it). */
export function canMount(): boolean {
  if (!isRoot) return false;
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-faults-mountcheck-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
    run('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` (e.g. "64m") on dir; unmounted at cleanup (lazily if still busy). */
export function mountTmpfs(dir: string, size: string): void {
  run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  const unmount = () => {
    const done = spawnSync('umount', [dir]);
    if (done.status !== 0) spawnSync('umount', ['-l', dir]);
  };
  onCleanup(`tmpfs ${dir}`, unmount, unmount);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}
