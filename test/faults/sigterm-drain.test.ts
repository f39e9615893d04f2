import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, type Answer, errorBody, signUpWithTrip } from './support/api-client.ts';
import { runCleanups, sleep, tempDir } from './support/cleanups.ts';
import { problemLines, startApi, throwawayDatabase } from './support/services.ts';

/**
 * OPS-10: SIGTERM while 20 clients keep the API busy (reads and writes on keep-alive
 * connections). Requests already sent complete with 2xx; later ones are refused (connection
 * refused or closed) or answered 503 JSON; the process exits 0 within the drain timeout.
 */

const CLIENTS = 20;
const SHUTDOWN_TIMEOUT_MS = 10_000;

afterAll(async () => {
  await runCleanups();
});

interface Outcome {
  sentAt: number;
  endedAt: number;
  status?: number;
  answer?: Answer;
  error?: string;
}

describe('SIGTERM during load', () => {
  it('[OPS-10] in-flight requests complete with 2xx, new ones are refused or get 503, the process exits 0', async () => {
    const databaseUrl = await throwawayDatabase(`tripcrew_faults_${process.pid}_drain`);
    const { server, port, api } = await startApi({
      DATA_DIR: tempDir('data'),
      DATABASE_URL: databaseUrl,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    const { user, tripId } = await signUpWithTrip(api, 'drain');

    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const outcomes: Outcome[] = [];
    let stop = false;
    let sigtermAt = Number.POSITIVE_INFINITY;
    const client = async (c: number) => {
      const own = new ApiClient(port, agents[c]);
      own.csrf = api.csrf;
      for (let i = 0; !stop; i += 1) {
        const sentAt = performance.now();
        const call =
          i % 3 === 2
            ? own.post(
                `/api/core/trips/${tripId}/planner/notes`,
                { text: `drain-${c}-${i}` },
                user.accessToken,
              )
            : own.get(
                i % 3 === 0 ? `/api/core/trips/${tripId}/planner` : '/api/core/trips',
                user.accessToken,
              );
        try {
          const answer = await call;
          outcomes.push({ sentAt, endedAt: performance.now(), status: answer.status, answer });
        } catch (error) {
          outcomes.push({ sentAt, endedAt: performance.now(), error: String(error) });
          if (sentAt > sigtermAt) await sleep(50); // refused: the server is going away
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await sleep(3_000);
    sigtermAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited(SHUTDOWN_TIMEOUT_MS + 5_000);
    const exitMs = Math.round(performance.now() - sigtermAt);
    stop = true;
    await load;
    for (const agent of agents) agent.destroy();

    const before = outcomes.filter((o) => o.sentAt < sigtermAt);
    const inFlight = before.filter((o) => o.endedAt > sigtermAt);
    const after = outcomes.filter((o) => o.sentAt >= sigtermAt);
    // Everything sent before SIGTERM (the requests in flight at that moment included) is a 2xx.
    const badBefore = before.filter((o) => o.status === undefined || o.status < 200 || o.status > 299);
    expect(
      badBefore.map((o) => o.error ?? `${o.status} ${o.answer?.body.slice(0, 120)}`),
      'requests sent before SIGTERM',
    ).toEqual([]);
    expect(inFlight.length, 'some requests were in flight at SIGTERM').toBeGreaterThan(0);
    // Later: refused / closed connections, or a JSON 503 (on a connection that was still open).
    for (const o of after) {
      if (o.error) expect(o.error).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up|EPIPE/);
      else if (o.status !== undefined && (o.status < 200 || o.status > 299)) {
        expect(o.status, o.answer?.body).toBe(503);
        expect(errorBody(o.answer!)?.code).toBe('UNAVAILABLE');
      }
    }
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(problemLines(server).filter((line) => Number(line.level) >= 50)).toEqual([]);

    const count = (f: (o: Outcome) => boolean) => after.filter(f).length;
    process.stdout.write(
      `[OPS-10 drain] ${CLIENTS} clients, ${before.length} requests before SIGTERM (all 2xx, ${inFlight.length} in flight at the signal); ` +
        `after: ${count((o) => Boolean(o.status && o.status < 300))} x 2xx, ${count((o) => o.status === 503)} x 503, ` +
        `${count((o) => Boolean(o.error))} refused/closed; exit 0 after ${exitMs} ms\n`,
    );
  });
});
