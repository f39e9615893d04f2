import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, signIn } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, createTrip, setRole, useCatalogue } from '../trips.fixtures.ts';

/** Issue 35: ticks from two devices never undo each other; a device sends what it changed. */
describe('checklist changes (tick, untick)', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);
  type Entries = { entries: string[]; version: number };

  it('[CHECKLIST-06] a tick or untick from a stale device is applied to the list as it is now: the other device’s ticks stay', async () => {
    const ana = await createUser(t);
    const id = await createTrip(t, ana, { placeId: c.lisbon._id });
    const url = `/core/trips/${id}/checklist`;
    const phone = await signIn(t, ana.email, ana.password);
    expect(await expectJson<Entries>(call(ana, 'PUT', url, { entries: ['Passport'], version: 1 }))).toEqual({
      entries: ['Passport'],
      version: 2,
    });

    // The laptop ticks "Charger"; the phone, which last saw only "Passport", ticks "Sunscreen"
    // and unticks "Passport": the laptop's tick stays. Each change raises the version.
    expect(await expectJson<Entries>(call(ana, 'PATCH', url, { tick: ['Charger'] }))).toEqual({
      entries: ['Passport', 'Charger'],
      version: 3,
    });
    expect(
      await expectJson<Entries>(call(phone, 'PATCH', url, { tick: ['Sunscreen'], untick: ['Passport'] })),
    ).toEqual({ entries: ['Charger', 'Sunscreen'], version: 4 });
    // Ticking what is ticked keeps its place; unticking what is not ticked changes nothing.
    expect(
      await expectJson<Entries>(
        call(ana, 'PATCH', url, { tick: ['Charger', 'Towel', 'Towel'], untick: ['Tent'] }),
      ),
    ).toEqual({ entries: ['Charger', 'Sunscreen', 'Towel'], version: 5 });
    expect(await expectJson<Entries>(call(ana, 'PATCH', url, { tick: ['Towel'] }))).toEqual({
      entries: ['Charger', 'Sunscreen', 'Towel'],
      version: 5,
    });

    // A whole list from the version the phone last saw would untick the laptop's ticks: 409 with
    // the list as it is now, and nothing is written; a version never seen is a 400.
    const stale = await call(phone, 'PUT', url, { entries: ['Sunscreen'], version: 4 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      conflict: { kind: 'checklist', version: 5, current: { entries: ['Charger', 'Sunscreen', 'Towel'] } },
    });
    expectError(await call(phone, 'PUT', url, { entries: [], version: 9 }), 400, /newest is 5/);
    expect(await expectJson<Entries>(call(phone, 'GET', url))).toEqual({
      entries: ['Charger', 'Sunscreen', 'Towel'],
      version: 5,
    });
  });

  it('[CHECKLIST-06] a change that is empty, contradicts itself, overflows the list or comes from a viewer is refused; nothing changes', async () => {
    const { ana, crew, tripId } = await anaCrewTrip(t, c, 1);
    const url = `/core/trips/${tripId}/checklist`;
    await expectJson(call(ana, 'PUT', url, { entries: ['Passport'] }));
    expectError(await call(ana, 'PATCH', url, {}), 400, /Nothing to tick or untick/);
    expectError(await call(ana, 'PATCH', url, { tick: ['Tent'], untick: ['Tent'] }), 400, /not both/);
    expectError(await call(ana, 'PATCH', url, { tick: ['   '] }), 400, /tick/);
    await expectJson(call(ana, 'PUT', url, { entries: Array.from({ length: 500 }, (_, i) => `e${i}`) }));
    expectError(await call(ana, 'PATCH', url, { tick: ['one more'] }), 400, /at most 500/);
    expect((await expectJson<Entries>(call(ana, 'GET', url))).entries).toHaveLength(500);
    const [vi] = crew;
    await setRole(t, ana, tripId, vi.id, 'viewer');
    expectError(await call(vi, 'PATCH', url, { tick: ['Passport'] }), 403, /read-only/);
  });
});
