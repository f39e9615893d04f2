import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, expectOk, json, lisbonId, signUp } from './support/api-client.ts';
import { runCleanups, sleep, tempDir } from './support/cleanups.ts';
import { problemLines, query, startApi, throwawayDatabase } from './support/services.ts';

/**
 * OPS-08: the API is killed with SIGKILL in the middle of a burst of concurrent writes; after a
 * restart on the same data, the database opens cleanly and every write the API acknowledged
 * (2xx) before the kill is there exactly once. Writes: planner notes with unique texts (a note
 * written twice would show twice) and trip creations (their ids must resolve).
 */

const WORKERS = 24;
const TRIPS = 6;
/** The kill comes once this many writes were acknowledged (the burst is then in full flow). */
const KILL_AFTER_ACKS = 60;

interface BurstResult {
  ackedNotes: Map<string, string>; // text -> trip id
  ackedTrips: string[];
  sent: number;
  failedBeforeKill: string[];
  inFlightAtKill: number;
}

async function burstThenKill(
  api: ApiClient,
  token: string,
  tripIds: string[],
  placeId: string,
  kill: () => void,
) {
  const result: BurstResult = {
    ackedNotes: new Map(),
    ackedTrips: [],
    sent: 0,
    failedBeforeKill: [],
    inFlightAtKill: 0,
  };
  let killed = false;
  let inFlight = 0;
  let acks = 0;
  const worker = async (w: number) => {
    for (let i = 0; !killed; i += 1) {
      const n = result.sent++;
      const isTrip = n % 5 === 4;
      const text = `burst-${w}-${i}`;
      const tripId = tripIds[n % tripIds.length]!;
      inFlight += 1;
      try {
        const answer = isTrip
          ? await api.post('/api/core/trips', { placeId }, token)
          : await api.post(`/api/core/trips/${tripId}/planner/notes`, { text }, token);
        if (answer.status >= 200 && answer.status < 300) {
          if (killed) continue; // answered after the kill signal was sent: not counted as acknowledged
          if (isTrip) result.ackedTrips.push(json<{ _id: string }>(answer)._id);
          else result.ackedNotes.set(text, tripId);
          acks += 1;
          if (acks >= KILL_AFTER_ACKS && !killed) {
            killed = true;
            result.inFlightAtKill = inFlight - 1;
            kill();
          }
        } else if (!killed) {
          result.failedBeforeKill.push(`${answer.status} ${answer.body.slice(0, 200)}`);
        }
      } catch (error) {
        if (!killed) result.failedBeforeKill.push(String(error));
      } finally {
        inFlight -= 1;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return result;
}

async function scenario(env: Record<string, string>, engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const first = await startApi(env);
  const api = first.api;
  await api.health();
  const user = await signUp(api, `kill-${engine}`);
  const placeId = await lisbonId(api);
  const tripIds: string[] = [];
  for (let i = 0; i < TRIPS; i += 1) {
    tripIds.push(
      json<{ _id: string }>(
        expectOk(await api.post('/api/core/trips', { placeId }, user.accessToken), 'trip'),
      )._id,
    );
  }

  const started = Date.now();
  const burst = await burstThenKill(api, user.accessToken, tripIds, placeId, () =>
    first.server.child.kill('SIGKILL'),
  );
  const exit = await first.server.exited(10_000);
  expect(exit.signal).toBe('SIGKILL');
  expect(burst.failedBeforeKill, 'every write before the kill succeeds').toEqual([]);
  expect(burst.ackedNotes.size + burst.ackedTrips.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  const burstMs = Date.now() - started;

  // Restart on the same data: the boot (migrations included) succeeds and the database answers.
  const bootStarted = Date.now();
  const second = await startApi(env);
  const bootMs = Date.now() - bootStarted;
  const health = await second.api.health();
  expect(health.status, health.body).toBe(200);
  expect(json<{ status: string; database: { engine: string; reachable: boolean } }>(health)).toMatchObject({
    status: 'ok',
    database: { engine, reachable: true },
  });

  // Every acknowledged note is there exactly once; no note (acknowledged or not) is doubled.
  const seen = new Map<string, number>();
  for (const tripId of tripIds) {
    const planner = json<{
      days: Array<{ items: Array<{ text: string | null }> }>;
      tray: Array<{ text: string | null }>;
    }>(expectOk(await second.api.get(`/api/core/trips/${tripId}/planner`, user.accessToken), 'planner'));
    const items = [...planner.tray, ...planner.days.flatMap((day) => day.items)];
    for (const item of items) if (item.text) seen.set(item.text, (seen.get(item.text) ?? 0) + 1);
  }
  const missing = [...burst.ackedNotes.keys()].filter((text) => seen.get(text) !== 1);
  expect(missing, 'acknowledged notes missing or doubled').toEqual([]);
  expect([...seen.entries()].filter(([, count]) => count > 1)).toEqual([]);
  // Every acknowledged trip resolves.
  for (const tripId of burst.ackedTrips) {
    const answer = await second.api.get(`/api/core/trips/${tripId}`, user.accessToken);
    expect(answer.status, `trip ${tripId}: ${answer.body}`).toBe(200);
  }
  if (databaseUrl) {
    // The same, straight from the tables: one row per acknowledged text.
    const rows = await query<{ text: string; n: number }>(
      databaseUrl,
      `select text, count(*)::int as n from planner_items where text like 'burst-%' group by text`,
    );
    const counts = new Map(rows.map((row) => [row.text, row.n]));
    expect([...burst.ackedNotes.keys()].filter((text) => counts.get(text) !== 1)).toEqual([]);
  }
  expect(problemLines(second.server).filter((line) => Number(line.level) >= 50)).toEqual([]);

  const unacknowledgedButStored = [...seen.keys()].filter(
    (t) => t.startsWith('burst-') && !burst.ackedNotes.has(t),
  ).length;
  process.stdout.write(
    `[OPS-08 ${engine}] ${burst.sent} writes sent in ${burstMs} ms by ${WORKERS} clients; ` +
      `${burst.ackedNotes.size} notes + ${burst.ackedTrips.length} trips acknowledged before SIGKILL, ` +
      `${burst.inFlightAtKill} in flight at the kill (${unacknowledgedButStored} of those committed); ` +
      `restart to listening ${bootMs} ms; all acknowledged writes present exactly once\n`,
  );
  second.server.child.kill('SIGTERM');
  expect((await second.server.exited(15_000)).code).toBe(0);
}

afterEach(async () => {
  await runCleanups();
});

describe('kill -9 during a write burst', () => {
  it('[OPS-08] on PGlite: the data dir reopens after SIGKILL and every acknowledged write is there once', async () => {
    const dataDir = tempDir('pglite');
    await scenario({ DATA_DIR: dataDir }, 'pglite');
  });

  it('[OPS-08] on PostgreSQL: after SIGKILL the API restarts and every acknowledged write is there once', async () => {
    const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_kill`);
    await scenario({ DATA_DIR: tempDir('data'), DATABASE_URL: databaseUrl }, 'postgres', databaseUrl);
    await sleep(0);
  });
});
