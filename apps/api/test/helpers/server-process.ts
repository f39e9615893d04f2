import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs the real server (`node --import tsx apps/api/src/server.ts`) as a child process. */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Parsed pino lines of stdout (non-JSON lines are skipped). */
  logs(): Array<Record<string, unknown>>;
  /** Resolves with the port once Fastify logs "Server listening at …". */
  listening(timeoutMs?: number): Promise<number>;
  /** Resolves with the exit code (or the signal name) once the process ends. */
  exited(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A clean environment: only what the server needs plus `env`, never the developer's own
 * variables (a stray DATABASE_URL must not point a test server at a real database).
 */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  function logs(): Array<Record<string, unknown>> {
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return {};
        }
      });
  }

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    logs,
    async listening(timeoutMs = 30_000) {
      const started = Date.now();
      for (;;) {
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (match) return Number(match[1]);
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`server exited before listening (${child.exitCode}): ${err || out}`);
        }
        if (Date.now() - started > timeoutMs) {
          throw new Error(`server did not listen within ${timeoutMs} ms: ${err || out}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async exited(timeoutMs = 20_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`server did not exit within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([exit, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
