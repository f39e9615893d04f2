import { randomBytes } from 'node:crypto';
import { openSync, rmSync, writeSync, closeSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  type Answer,
  errorBody,
  expectOk,
  signUp,
  signUpWithTrip,
} from './support/api-client.ts';
import { canMount, mountTmpfs, run, runCleanups, tempDir } from './support/cleanups.ts';
import { problemLines, startApi, throwawayDatabase, waitForProblemLines } from './support/services.ts';

/**
 * OPS-10: a full DATA_DIR disk and an unusable upload folder. Uploads answer a clear JSON error
 * (507 for no space, 503 for a folder that cannot be written), the error is logged with its
 * cause, the API keeps serving everything else, and uploads work again once the disk or folder
 * is fixed, without a restart. The database lives in PostgreSQL here, so DATA_DIR holds just the
 * uploads, the dev outbox and the generated secrets.
 */

const mountable = canMount();
const whyNot = 'needs root with permission to mount a tmpfs';

afterEach(async () => {
  await runCleanups();
});

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
}

async function upload(api: ApiClient, path: string, token: string): Promise<Answer> {
  const boundary = `----faults${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api.request({
    method: 'POST',
    path,
    body,
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Writes zeros into `file` until the disk says no space is left. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

function expectStorageError(answer: Answer, status: number, code: string, words: RegExp): void {
  expect(answer.status, answer.body).toBe(status);
  const body = errorBody(answer);
  expect(body?.code).toBe(code);
  expect(body?.message).toMatch(words);
  expect(answer.body).not.toMatch(/ENOSPC|EROFS|ENOTDIR|\/tmp\//);
}

describe('disk faults', () => {
  it.skipIf(!mountable)(
    `[OPS-10] a full DATA_DIR disk: uploads answer 507 JSON, the API keeps serving, uploads resume once space is back (${whyNot})`,
    async () => {
      const dataDir = tempDir('full');
      mountTmpfs(dataDir, '4m');
      const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_disk`);
      const { server, api } = await startApi({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      const { user, placeId, tripId } = await signUpWithTrip(api, 'disk');
      expectOk(await upload(api, '/api/assets/upload/avatar', user.accessToken), 'avatar with space left');

      const filler = join(dataDir, 'filler.bin');
      const filled = fill(filler);
      expectStorageError(
        await upload(api, '/api/assets/upload/avatar', user.accessToken),
        507,
        'STORAGE_FULL',
        /no space left/i,
      );
      expectStorageError(
        await upload(api, `/api/core/trips/${tripId}/upload`, user.accessToken),
        507,
        'STORAGE_FULL',
        /no space left/i,
      );
      // Everything that does not write files goes on.
      expect((await api.health()).status).toBe(200);
      expect((await api.post('/api/core/trips', { placeId }, user.accessToken)).status).toBe(201);
      expect((await api.get('/api/users/users/me', user.accessToken)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      const logged = await waitForProblemLines(server, (line) => line.code === 'STORAGE_FULL', {
        atLeast: 2,
      });
      expect(logged.length).toBeGreaterThanOrEqual(2);
      expect(logged[0]?.cause).toBe('ENOSPC');

      rmSync(filler);
      const again = await upload(api, '/api/assets/upload/avatar', user.accessToken);
      expect(again.status, again.body).toBe(200);
      process.stdout.write(
        `[OPS-10 disk] DATA_DIR tmpfs filled with ${filled} bytes: uploads 507 STORAGE_FULL; after freeing space: 200\n`,
      );
      server.child.kill('SIGTERM');
      expect((await server.exited(15_000)).code).toBe(0);
    },
  );

  it('[OPS-10] an unusable upload folder: the boot logs one clear line and serves, uploads answer 503 JSON, and work once it is fixed', async () => {
    const dataDir = tempDir('uploads');
    const uploadsDir = join(dataDir, 'uploads');
    writeFileSync(uploadsDir, 'a file where the uploads folder should be');
    const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_uploads`);
    const { server, api } = await startApi({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const bootLines = await waitForProblemLines(server, (line) =>
      String(line.msg).startsWith('uploads folder'),
    );
    expect(bootLines, JSON.stringify(problemLines(server))).toHaveLength(1);
    expect(String(bootLines[0]?.msg)).toContain(`${uploadsDir} is not writable (`);
    expect((await api.health()).status).toBe(200);
    const user = await signUp(api, 'uploads');
    expectStorageError(
      await upload(api, '/api/assets/upload/avatar', user.accessToken),
      503,
      'STORAGE_UNAVAILABLE',
      /cannot be stored/i,
    );
    expect(server.child.exitCode).toBeNull();

    let readOnly = 'skipped (cannot mount)';
    if (mountable) {
      // A read-only folder (a full or failing disk remounted read-only, say).
      rmSync(uploadsDir);
      mkdirSync(uploadsDir);
      mountTmpfs(uploadsDir, '4m');
      run('mount', ['-o', 'remount,ro', uploadsDir]);
      expectStorageError(
        await upload(api, '/api/assets/upload/avatar', user.accessToken),
        503,
        'STORAGE_UNAVAILABLE',
        /cannot be stored/i,
      );
      const readOnlyLines = await waitForProblemLines(
        server,
        (line) => line.code === 'STORAGE_UNAVAILABLE' && line.cause === 'EROFS',
      );
      expect(readOnlyLines.length > 0, JSON.stringify(problemLines(server))).toBe(true);
      run('mount', ['-o', 'remount,rw', uploadsDir]);
      readOnly = 'read-only mount 503, then writable again';
    } else {
      rmSync(uploadsDir);
    }
    const fixed = await upload(api, '/api/assets/upload/avatar', user.accessToken);
    expect(fixed.status, fixed.body).toBe(200);
    process.stdout.write(
      `[OPS-10 uploads] file in place of the folder: boot warns once, upload 503; ${readOnly}; fixed: 200\n`,
    );
    server.child.kill('SIGTERM');
    expect((await server.exited(15_000)).code).toBe(0);
  });
});
