import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTrip, crewOf, day, loadCatalogue } from '../../src/modules/trips/trips.fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { forBlock, useTestApp } from '../helpers/test-app.ts';

/**
 * Names and messages made only of characters that show nothing, and the byte-order mark and the
 * noncharacters U+FFFE/U+FFFF anywhere, are refused at the boundary by the shared text helpers of
 * packages/contracts (common.ts) with a 400 naming the field.
 */

const INVISIBLE_ONLY = ['\u200b', '\u200b\u200c\u200d', '\u2060\u3164', '\u00ad\ufe0f', ' \u200b '];
const FORBIDDEN = ['\ufeff', '\ufffe', '\uffff'];

function expectRefused(res: LightMyRequestResponse, field: string, message: RegExp): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; message: string; field?: string };
  expect(body.code).toBe('VALIDATION');
  expect(body.field).toBe(field);
  expect(body.message).toMatch(message);
}

describe('invisible-only text and the BOM and noncharacters', () => {
  const t = useTestApp();
  const world = forBlock(async () => {
    const catalogue = await loadCatalogue(t);
    const placeId = catalogue.lisbon._id;
    const ana = await createUser(t, { name: 'Ana' });
    const [ben] = await crewOf(t, ana, 1);
    if (!ben) throw new Error('no friend');
    const tripId = await createTrip(t, ana, {
      placeId,
      startDate: day(1),
      endDate: day(2),
      members: [ben.id],
    });
    return { ana, ben, tripId };
  });
  const call = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.request({ method, url, token: user.accessToken, payload });

  it('a trip name, a message or a list name made only of invisible characters is a 400 naming the field', async () => {
    const { ana, ben, tripId } = world;
    for (const text of INVISIBLE_ONLY) {
      const visible = /visible character/i;
      expectRefused(
        await call(ana, 'PATCH', `/api/core/trips/update/${tripId}`, { tripName: text }),
        'tripName',
        visible,
      );
      expectRefused(
        await call(ana, 'POST', `/api/users/messages/direct/${ben.id}`, { text }),
        'text',
        visible,
      );
      expectRefused(
        await call(ana, 'POST', `/api/core/trips/${tripId}/chat/messages`, { text }),
        'text',
        visible,
      );
      expectRefused(await call(ana, 'POST', '/api/core/wishlist/lists', { name: text }), 'name', visible);
    }
  });

  it('U+FEFF, U+FFFE and U+FFFF inside a trip name, a message or a list name are refused', async () => {
    const { ana, ben, tripId } = world;
    for (const bad of FORBIDDEN) {
      const control = /remove the control or text-direction characters/i;
      expectRefused(
        await call(ana, 'PATCH', `/api/core/trips/update/${tripId}`, { tripName: `Lis${bad}bon` }),
        'tripName',
        control,
      );
      expectRefused(
        await call(ana, 'POST', `/api/users/messages/direct/${ben.id}`, { text: `hi${bad}there` }),
        'text',
        control,
      );
      expectRefused(
        await call(ana, 'POST', '/api/core/wishlist/lists', { name: `Fav${bad}s` }),
        'name',
        control,
      );
    }
  });

  it('visible text with joiners and variation selectors (emoji, scripts) is still accepted', async () => {
    const { ana, ben, tripId } = world;
    const renamed = await call(ana, 'PATCH', `/api/core/trips/update/${tripId}`, {
      tripName: 'Family 👨‍👩‍👧 ❤️',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const sent = await call(ana, 'POST', `/api/users/messages/direct/${ben.id}`, { text: 'ok\u200b!' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
  });
});
