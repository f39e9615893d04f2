import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createHealthService } from './health.service.ts';

/** A database whose ping answers as `next` says: a latency, a failure, or never. */
function fakeDatabase() {
  const calls = { count: 0 };
  let next: 'up' | 'down' | 'hang' = 'up';
  const database = {
    engine: 'postgres',
    ping: () => {
      calls.count += 1;
      if (next === 'up') return Promise.resolve(3);
      if (next === 'down') return Promise.reject(new Error('connection refused'));
      return new Promise<number>(() => undefined);
    },
  } as unknown as Database;
  return { database, calls, set: (state: typeof next) => (next = state) };
}

describe('health service', () => {
  it('[API-05] answers from the last check without asking the database again', async () => {
    const fake = fakeDatabase();
    const health = createHealthService({ database: fake.database, version: '1.2.3', refreshMs: 3_600_000 });
    await health.start();
    try {
      expect(fake.calls.count).toBe(1);
      for (let i = 0; i < 50; i++) expect(health.current().status).toBe('ok');
      expect(fake.calls.count).toBe(1);
      expect(health.current()).toMatchObject({
        version: '1.2.3',
        database: { engine: 'postgres', reachable: true, latencyMs: 3 },
      });
    } finally {
      health.stop();
    }
  });

  it('[API-05] a deep check sees an outage and the recovery at once, and the cached answer follows it', async () => {
    const fake = fakeDatabase();
    const health = createHealthService({ database: fake.database, version: '1', refreshMs: 3_600_000 });
    await health.start();
    try {
      fake.set('down');
      expect(health.current().status).toBe('ok');
      expect((await health.deep()).database).toMatchObject({ reachable: false, latencyMs: null });
      expect(health.current().status).toBe('degraded');
      fake.set('up');
      expect((await health.deep()).status).toBe('ok');
      expect(health.current().status).toBe('ok');
    } finally {
      health.stop();
    }
  });

  it('[API-05] a database that never answers is reported unreachable after the timeout, and concurrent deep checks share one ping', async () => {
    const fake = fakeDatabase();
    fake.set('hang');
    const health = createHealthService({
      database: fake.database,
      version: '1',
      refreshMs: 3_600_000,
      timeoutMs: 50,
    });
    const answers = await Promise.all([health.deep(), health.deep(), health.deep()]);
    expect(answers.map((a) => a.status)).toEqual(['degraded', 'degraded', 'degraded']);
    expect(fake.calls.count).toBe(1);
  });

  it('[API-05] a request that found the database gone turns /health degraded at once; while down, probes ask again and see the recovery', async () => {
    const fake = fakeDatabase();
    const health = createHealthService({ database: fake.database, version: '1', refreshMs: 3_600_000 });
    await health.start();
    try {
      expect((await health.probe()).status).toBe('ok');
      expect(fake.calls.count).toBe(1);

      fake.set('down');
      health.reportUnreachable();
      expect(health.current().database).toMatchObject({ reachable: false, latencyMs: null });
      expect((await health.probe()).status).toBe('degraded');
      expect(fake.calls.count).toBe(2);

      fake.set('up');
      expect((await health.probe()).status).toBe('ok');
      expect(fake.calls.count).toBe(3);
      // Reachable again: probes answer from the check, without a round trip.
      expect((await health.probe()).status).toBe('ok');
      expect(fake.calls.count).toBe(3);
    } finally {
      health.stop();
    }
  });

  it('[API-05] a check sent before a request saw the database go does not turn the status back to reachable', async () => {
    // The first ping (at start) answers at once; the second one when the test says so.
    let pings = 0;
    let answerPing: (latency: number) => void = () => undefined;
    const database = {
      engine: 'postgres',
      ping: () => {
        pings += 1;
        return pings === 1 ? Promise.resolve(1) : new Promise<number>((resolve) => (answerPing = resolve));
      },
    } as unknown as Database;
    const health = createHealthService({ database, version: '1', refreshMs: 3_600_000 });
    await health.start();
    expect(health.current().database.reachable).toBe(true);
    const inFlight = health.deep();
    health.reportUnreachable();
    answerPing(2);
    expect((await inFlight).database.reachable).toBe(false);
    expect(health.current().database.reachable).toBe(false);
    health.stop();
  });
});
