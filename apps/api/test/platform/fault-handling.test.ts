import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorBody } from '../../src/platform/error-handler.ts';
import { AppError } from '../../src/platform/errors.ts';
import { redisOutage } from '../../src/platform/redis.ts';
import { createLocalStorage, probeLocalStorage, storageWriteError } from '../../src/platform/storage.ts';
import { createUser } from '../helpers/factories.ts';
import { avatarUpload, solidPng } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Fast checks of the fault handling that npm run test:faults proves on the real process. */

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('storage faults', () => {
  it('[OPS-10] a full disk is a 507 STORAGE_FULL, an unusable folder a 503 STORAGE_UNAVAILABLE, the errno kept as cause only', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = storageWriteError(errno(code));
      expect(error).toBeInstanceOf(AppError);
      expect(toErrorBody(error)).toEqual({
        statusCode: 507,
        code: 'STORAGE_FULL',
        message: 'The server has no space left to store files. Please try again later.',
      });
      expect(((error as AppError).cause as { code: string }).code).toBe(code);
    }
    for (const code of ['EROFS', 'EACCES', 'ENOTDIR', 'EEXIST']) {
      const body = toErrorBody(storageWriteError(errno(code)));
      expect(body).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE' });
      expect(body.message).not.toContain(code);
    }
    const other = new Error('something else');
    expect(storageWriteError(other)).toBe(other);
  });

  it('[OPS-10] the boot probe and put() name an upload folder that is a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tripcrew-storage-'));
    try {
      const root = join(dir, 'not-a-folder');
      writeFileSync(root, 'x');
      expect(await probeLocalStorage(root)).toMatch(/^E[A-Z]+$/);
      expect(await probeLocalStorage(join(dir, 'fine'))).toBeUndefined();
      await expect(createLocalStorage(root).put('a.webp', Buffer.from('x'))).rejects.toMatchObject({
        statusCode: 503,
        code: 'STORAGE_UNAVAILABLE',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an upload into an unusable folder over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    writeFileSync(join(t.config.dataDir, 'uploads'), 'a file where the folder should be');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('[OPS-10] answers a JSON 503 naming the problem, and the app keeps serving', async () => {
    const user = await createUser(t);
    const res = await t.request(avatarUpload(await solidPng(32, 32, '#38c'), user.accessToken));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'STORAGE_UNAVAILABLE',
      message: 'Uploaded files cannot be stored right now. Please try again later.',
    });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('redis outage reporting', () => {
  it('[OPS-09] one warning line per outage whatever fails and however often, one line when it is back', () => {
    const lines: Array<{ level: string; msg: string }> = [];
    const log = {
      warn: (_obj: unknown, msg: string) => lines.push({ level: 'warn', msg }),
      info: (msg: string) => lines.push({ level: 'info', msg }),
    } as unknown as FastifyBaseLogger;
    const connection = {} as Redis;
    const outage = redisOutage(connection, log);
    expect(redisOutage(connection, log)).toBe(outage); // one account per connection
    for (let i = 0; i < 20; i += 1) {
      outage.down('commands', 'connect ECONNREFUSED');
      outage.down('pubsub', 'connect ECONNREFUSED');
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(lines[0]?.msg).toMatch(/^redis unavailable: .*this instance only/);
    outage.up('commands'); // the subscriber is still away: not back yet
    expect(lines).toHaveLength(1);
    outage.up('pubsub');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      level: 'info',
      msg: 'redis is back: rate limits and live pub/sub use it again',
    });
    outage.down('commands', 'again');
    expect(lines).toHaveLength(3);
  });
});
