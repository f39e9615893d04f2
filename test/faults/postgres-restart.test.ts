import { afterAll, describe, expect, it } from 'vitest';
import { type Answer, errorBody, json, signUpWithTrip } from './support/api-client.ts';
import { runCleanups, sleep, tempDir, waitFor } from './support/cleanups.ts';
import { privatePostgres, problemLines, startApi } from './support/services.ts';

/**
 * OPS-09: PostgreSQL goes away under a running API (a private cluster, stopped with
 * `pg_ctl stop -m immediate`, like a crash) and comes back. Meanwhile requests that need the
 * database answer 503 JSON quickly (no hang, no crash) and /api/health says the database is
 * unreachable; once it is back, the same process serves again by itself.
 */

afterAll(async () => {
  await runCleanups();
});

interface Health {
  status: string;
  database: { engine: string; reachable: boolean };
}

describe('PostgreSQL restarted under the API', () => {
  it('[OPS-09] requests fail fast with a JSON 503 while PostgreSQL is down, and recover by themselves', async () => {
    const postgres = await privatePostgres();
    const { server, api } = await startApi({ DATA_DIR: tempDir('data'), DATABASE_URL: postgres.url });
    const { user, placeId, tripId } = await signUpWithTrip(api, 'pgdown');
    // Warm the pool so idle connections are there to be cut.
    await Promise.all(Array.from({ length: 8 }, () => api.get('/api/core/trips', user.accessToken)));

    postgres.stop('immediate');

    // Reads and writes that need the database, several at once, several times.
    const calls: Array<() => Promise<Answer>> = [
      () => api.get('/api/core/trips', user.accessToken),
      () => api.get(`/api/core/trips/${tripId}/planner`, user.accessToken),
      () => api.post(`/api/core/trips/${tripId}/planner/notes`, { text: 'while down' }, user.accessToken),
      () => api.post('/api/core/trips', { placeId }, user.accessToken),
      () => api.get('/api/core/places/search?country=portugal&place=lisbon'),
    ];
    const down: Answer[] = [];
    for (let round = 0; round < 3; round += 1) {
      down.push(...(await Promise.all(calls.map((call) => call()))));
      await sleep(300);
    }
    const slowest = Math.max(...down.map((a) => a.ms));
    for (const answer of down) {
      // A cached catalogue read may still answer 200; anything else is a quick JSON 503.
      if (answer.status === 200) continue;
      expect(answer.status, answer.body).toBe(503);
      expect(errorBody(answer)?.code).toBe('UNAVAILABLE');
      expect(errorBody(answer)?.message).toMatch(/unavailable/i);
      expect(answer.headers['retry-after']).toBeDefined();
    }
    expect(down.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(12);
    expect(slowest, 'no request hangs while the database is down').toBeLessThan(6_000);

    const health = await api.health();
    expect(health.status).toBe(503);
    expect(json<Health>(health)).toMatchObject({
      status: 'degraded',
      database: { engine: 'postgres', reachable: false },
    });
    expect(health.ms).toBeLessThan(3_000);
    expect(server.child.exitCode, 'the API process is still running').toBeNull();

    const downAt = Date.now();
    postgres.start();
    const recoveredAfter = await waitFor(
      'the API serves again',
      async () => {
        const answer = await api.get('/api/core/trips', user.accessToken);
        return answer.status === 200 ? Date.now() - downAt : undefined;
      },
      20_000,
    );
    expect(json<Health>(await api.health())).toMatchObject({ status: 'ok', database: { reachable: true } });
    const note = await api.post(
      `/api/core/trips/${tripId}/planner/notes`,
      { text: 'after restart' },
      user.accessToken,
    );
    expect(note.status, note.body).toBe(200);
    expect(note.body).toContain('after restart');
    expect(note.body).not.toContain('while down');
    expect(server.child.exitCode).toBeNull();
    // Logged as failures, without a fatal line.
    expect(problemLines(server).filter((line) => Number(line.level) >= 60)).toEqual([]);

    process.stdout.write(
      `[OPS-09 postgres] ${down.length} requests while down: ${down.filter((a) => a.status === 503).length} x 503, ` +
        `slowest ${slowest} ms; health while down ${health.ms} ms; served again ${recoveredAfter} ms after PostgreSQL was started\n`,
    );
    server.child.kill('SIGTERM');
    expect((await server.exited(15_000)).code).toBe(0);
  });
});
