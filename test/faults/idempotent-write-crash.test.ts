import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, expectOk, json, lisbonId, signUp } from './support/api-client.ts';
import { runCleanups, tempDir } from './support/cleanups.ts';
import { query, startApi, throwawayDatabase } from './support/services.ts';

/**
 * Decision 016, exactly once: the server is killed (SIGKILL) while it applies a write carrying an
 * Idempotency-Key, once just before the write's transaction commits and once just after (before
 * its answer is stored). The client never got an answer, so it sends the same key again to the
 * restarted server: either way the planner ends with the note exactly once.
 */

const notePath = (tripId: string) => `/api/core/trips/${tripId}/planner/notes`;

async function noteCount(databaseUrl: string, text: string): Promise<number> {
  const rows = await query<{ n: number }>(
    databaseUrl,
    'select count(*)::int as n from planner_items where text = $1',
    [text],
  );
  return rows[0]?.n ?? 0;
}

const sendNote = (api: ApiClient, token: string, tripId: string, key: string, text: string) =>
  api.request({
    method: 'POST',
    path: notePath(tripId),
    json: { text },
    token,
    headers: { 'idempotency-key': key },
  });

async function crashThenReplay(killAt: 'idempotent-write-before-commit' | 'idempotent-write-after-commit') {
  const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_idem_${killAt.length}`);
  const env = { DATA_DIR: tempDir('data'), DATABASE_URL: databaseUrl };
  const first = await startApi({ ...env, FAULT_KILL_AT: killAt });
  const user = await signUp(first.api, `idem-${killAt.length}`);
  const placeId = await lisbonId(first.api);
  const tripId = json<{ _id: string }>(
    expectOk(await first.api.post('/api/core/trips', { placeId }, user.accessToken), 'trip'),
  )._id;

  const key = randomUUID();
  const text = `crash-${killAt}`;
  // The server dies while applying it: the client gets no answer.
  await expect(sendNote(first.api, user.accessToken, tripId, key, text)).rejects.toThrow();
  expect((await first.server.exited(10_000)).signal).toBe('SIGKILL');
  expect(await noteCount(databaseUrl, text)).toBe(killAt === 'idempotent-write-after-commit' ? 1 : 0);

  const second = await startApi(env);
  await second.api.health(); // the CSRF cookie
  if (killAt === 'idempotent-write-after-commit') {
    // The claim committed with the note but has no answer: as if the retry came a minute later
    // (within a minute it is taken for a request still answering and the retry is asked to wait).
    const early = await sendNote(second.api, user.accessToken, tripId, key, text);
    expect(early.status, early.body).toBe(409);
    await query(
      databaseUrl,
      `update idempotency_keys set created_at = now() - interval '2 minutes' where key = $1`,
      [key],
    );
  }
  const replay = await sendNote(second.api, user.accessToken, tripId, key, text);
  if (killAt === 'idempotent-write-after-commit') {
    expect(replay.status, replay.body).toBe(200);
    expect(JSON.parse(replay.body)).toMatchObject({ applied: true });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  } else {
    expect(replay.status, replay.body).toBe(200);
  }
  // And once more: now the answer is known either way.
  const again = await sendNote(second.api, user.accessToken, tripId, key, text);
  expect(again.status).toBeLessThan(300);
  expect(await noteCount(databaseUrl, text)).toBe(1);
  second.server.child.kill('SIGTERM');
  await second.server.exited(15_000);
}

afterEach(async () => {
  await runCleanups();
});

describe('a keyed write interrupted by kill -9 applies exactly once (decision 016)', () => {
  it('killed before the commit: nothing was written, the retry writes it once', async () => {
    await crashThenReplay('idempotent-write-before-commit');
  });

  it('killed after the commit: the retry is told it applied and does not write it again', async () => {
    await crashThenReplay('idempotent-write-after-commit');
  });
});
