import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrip, crewOf, day, loadCatalogue } from '../../src/modules/trips/trips.fixtures.ts';
import { createUser, uniqueEmail, type TestUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 22: control characters and text-direction overrides are refused at the boundary, by the
 * shared text helpers of packages/contracts (common.ts), with a 400 naming the field; never a
 * 500, and the refused text never reaches the log.
 */

const REFUSAL = /remove the control or text-direction characters/i;
/** Private text that must never be written to the log. */
const SECRET = 'Secret-plan-7f3a';

const NUL = '\u0000';
const BELL = '\u0007';
const DEL = '\u007f';
const C1 = '\u0085';
const RLO = '\u202e';
const LRI = '\u2066';

function expectRefused(res: LightMyRequestResponse, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; message: string; field?: string };
  expect(body.code).toBe('VALIDATION');
  expect(body.field).toBe(field);
  expect(body.message).toContain(field);
  expect(body.message).toMatch(REFUSAL);
}

describe('[INPUT] control characters and text-direction overrides', () => {
  let t: TestApp;
  const lines: string[] = [];
  let ana: TestUser;
  let ben: TestUser;
  let tripId: string;
  let placeId: string;

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    const catalogue = await loadCatalogue(t);
    placeId = catalogue.lisbon._id;
    ana = await createUser(t, { name: 'Ana' });
    const [friend] = await crewOf(t, ana, 1);
    if (!friend) throw new Error('no friend');
    ben = friend;
    tripId = await createTrip(t, ana, { placeId, startDate: day(1), endDate: day(2), members: [ben.id] });
  }, 120_000);
  afterAll(() => t?.close());

  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.request({ method, url, token: ana.accessToken, ...(payload === undefined ? {} : { payload }) });

  it('[INPUT-01] a NUL byte in a trip name, note, checklist entry, message or category is a 400 naming the field', async () => {
    expectRefused(
      await call('PATCH', `/api/core/trips/update/${tripId}`, { tripName: `Trip${NUL}` }),
      'tripName',
    );
    expectRefused(
      await call('POST', `/api/core/trips/${tripId}/planner/notes`, { date: day(1), text: `a${NUL}b` }),
      'text',
    );
    expectRefused(
      await call('PUT', `/api/core/trips/${tripId}/checklist`, { entries: ['ok', `x${NUL}`] }),
      'entries.1',
    );
    expectRefused(await call('POST', `/api/users/messages/direct/${ben.id}`, { text: `hi${NUL}` }), 'text');
    expectRefused(
      await call('POST', `/api/core/trips/${tripId}/chat/messages`, { text: `${NUL}` + 'x' }),
      'text',
    );
    expectRefused(
      await call('POST', '/api/core/trips', { placeId, categories: [`Museums${NUL}`] }),
      'categories.0',
    );
    expectRefused(await call('POST', `/api/core/trips/${tripId}/packing`, { text: `Tent${NUL}` }), 'text');
    expectRefused(await call('POST', '/api/core/wishlist/lists', { name: `List${NUL}` }), 'name');
  });

  it('[INPUT-02] other C0 controls, DEL, C1 controls and bidi overrides are refused too, names first', async () => {
    for (const bad of [BELL, DEL, C1, RLO, LRI, '\u202a', '\u2069']) {
      expectRefused(
        await call('PATCH', `/api/core/trips/update/${tripId}`, { tripName: `Trip ${bad}gpj.exe` }),
        'tripName',
      );
    }
    expectRefused(await call('POST', '/api/core/wishlist/lists', { name: `Fav${RLO}` }), 'name');
    expectRefused(
      await call('POST', `/api/core/trips/${tripId}/packing`, { text: `Sun${LRI}cream` }),
      'text',
    );
    expectRefused(
      await call('POST', `/api/users/messages/direct/${ben.id}`, { text: `hi ${RLO}olleh` }),
      'text',
    );
    const register = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: `Ana${RLO}`,
        lastName: 'Lima',
        email: uniqueEmail('bidi'),
        password: 'Tripcrew-test-Pa55word',
      },
    });
    expectRefused(register, 'name');
  });

  it('[INPUT-03] single-line fields refuse line breaks; messages and notes keep tabs and line breaks', async () => {
    expectRefused(
      await call('PATCH', `/api/core/trips/update/${tripId}`, { tripName: 'Two\nlines' }),
      'tripName',
    );
    expectRefused(await call('POST', `/api/core/trips/${tripId}/packing`, { text: 'Tent\tpegs' }), 'text');
    const note = await call('POST', `/api/core/trips/${tripId}/planner/notes`, {
      date: day(1),
      text: 'Meet at 9\n\tbring tickets\r\nand water',
    });
    expect(note.statusCode, note.body).toBeLessThan(300);
    const message = await call('POST', `/api/users/messages/direct/${ben.id}`, {
      text: 'line one\nline two',
    });
    expect(message.statusCode, message.body).toBeLessThan(300);
    expect((message.json() as { text: string }).text).toBe('line one\nline two');
    const renamed = await call('PATCH', `/api/core/trips/update/${tripId}`, { tripName: 'مرحبا Lisbon 🧳' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('[INPUT-04] searches and ids with control characters are a 400, never a 500', async () => {
    const search = await call('GET', `/api/core/places/autocomplete?q=${encodeURIComponent(`Lis${NUL}bon`)}`);
    expectRefused(search, 'q');
    const place = await call('GET', `/api/core/places/search?place=${encodeURIComponent(`a${NUL}`)}`);
    expectRefused(place, 'place');
    const features = await call(
      'GET',
      `/api/core/features/search?placeId=${placeId}&categories=${encodeURIComponent(`x${NUL}`)}`,
    );
    expectRefused(features, 'categories');
    const profile = await call('GET', `/api/users/users/${encodeURIComponent(`id${NUL}`)}`);
    expectRefused(profile, 'profileId');
  });

  it('[INPUT-05] a refused text never reaches the log', async () => {
    const before = lines.length;
    const res = await call('POST', `/api/users/messages/direct/${ben.id}`, { text: `${SECRET}${NUL}` });
    expectRefused(res, 'text');
    const named = await call('PATCH', `/api/core/trips/update/${tripId}`, { tripName: `${SECRET}${RLO}` });
    expectRefused(named, 'tripName');
    const logged = lines.slice(before);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(logged.some((line) => line.includes('"statusCode":400'))).toBe(true);
  });
});
