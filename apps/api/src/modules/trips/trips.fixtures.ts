import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import type { Place } from '@tripcrew/contracts/places';
import type { CreateTripBody, Planner, Trip, TripRole } from '@tripcrew/contracts/trips';
import { createUser, type TestUser } from '../../../test/helpers/factories.ts';
import { forBlock, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCrewPair } from '../crew/crew.repository.ts';
import { addDays, todayUtc } from './core/trip-dates.ts';
import { updateMemberRole } from './members/trip-members.repository.ts';

/**
 * Test data for the trips suites (used only by *.test.ts). Places and features come from the
 * curated catalogue every test database is seeded with; users, crews and trips are made per test.
 */

export interface Catalogue {
  lisbon: Place;
  lisbonFeatures: Feature[];
  paris: Place;
  parisFeatures: Feature[];
  portugal: Place;
}

async function json<T>(t: TestApp, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function loadCatalogue(t: TestApp): Promise<Catalogue> {
  const lisbon = await json<Place>(t, '/api/core/places/search?country=portugal&place=lisbon');
  const paris = await json<Place>(t, '/api/core/places/search?country=france&place=paris');
  const portugal = await json<Place>(t, '/api/core/places/search?country=portugal');
  const features = async (place: Place) =>
    (await json<FeatureSearchResponse>(t, `/api/core/features/search/?placeId=${place._id}&limit=12`)).data;
  return {
    lisbon,
    paris,
    portugal,
    lisbonFeatures: await features(lisbon),
    parisFeatures: await features(paris),
  };
}

/** A day relative to today (UTC), `YYYY-MM-DD`. */
export const day = (offset: number): string => addDays(todayUtc(), offset);

export async function crewOf(t: TestApp, owner: TestUser, count: number): Promise<TestUser[]> {
  const friends: TestUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const friend = await createUser(t, { name: `Friend${i}`, lastName: 'Crew' });
    await addCrewPair(t.database.db, owner.id, friend.id);
    friends.push(friend);
  }
  return friends;
}

export async function createTrip(t: TestApp, user: TestUser, body: CreateTripBody): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/core/trips',
    token: user.accessToken,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create trip answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/** A crew of `N` test users (one to three). */
type Crew<N extends 1 | 2 | 3> = N extends 1
  ? [TestUser]
  : N extends 2
    ? [TestUser, TestUser]
    : [TestUser, TestUser, TestUser];

/**
 * Ana Silva (admin) and `size` people of her crew (members) on a trip to Lisbon, with `fields`
 * (dates, features) added: the set-up most trip and money suites start from.
 */
export async function anaCrewTrip<N extends 1 | 2 | 3>(
  t: TestApp,
  c: Catalogue,
  size: N,
  fields: Partial<CreateTripBody> = {},
): Promise<{ ana: TestUser; crew: Crew<N>; tripId: string; url: string }> {
  const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
  const crew = (await crewOf(t, ana, size)) as Crew<N>;
  const tripId = await createTrip(t, ana, {
    placeId: c.lisbon._id,
    members: crew.map((member) => member.id),
    ...fields,
  });
  return { ana, crew, tripId, url: `/core/trips/${tripId}` };
}

export async function getTrip(t: TestApp, user: TestUser, id: string): Promise<Trip> {
  const res = await t.request({ method: 'GET', url: `/api/core/trips/${id}`, token: user.accessToken });
  if (res.statusCode !== 200) throw new Error(`get trip answered ${res.statusCode}: ${res.body}`);
  return res.json() as Trip;
}

/**
 * Every stop planned on a day open all day for this trip (hours '24/7'), so that an optimisation
 * is decided by distance alone, whatever the weekday and the catalogue's opening hours.
 */
export async function openAllDay(t: TestApp, user: TestUser, tripId: string): Promise<Planner> {
  let planner = await getPlanner(t, user, tripId);
  for (const item of planner.days.flatMap((day) => day.items)) {
    if (item.kind === 'note') continue;
    const res = await t.request({
      method: 'PATCH',
      url: `/api/core/trips/${tripId}/planner/items/${item._id}`,
      token: user.accessToken,
      payload: { hours: '24/7', version: item.version },
    });
    if (res.statusCode !== 200)
      throw new Error(`opening ${item._id} all day answered ${res.statusCode}: ${res.body}`);
    planner = res.json() as Planner;
  }
  return planner;
}

export async function getPlanner(t: TestApp, user: TestUser, id: string): Promise<Planner> {
  const res = await t.request({
    method: 'GET',
    url: `/api/core/trips/${id}/planner`,
    token: user.accessToken,
  });
  if (res.statusCode !== 200) throw new Error(`get planner answered ${res.statusCode}: ${res.body}`);
  return res.json() as Planner;
}

export async function setRole(t: TestApp, admin: TestUser, tripId: string, userId: string, role: TripRole) {
  const res = await t.request({
    method: 'PATCH',
    url: `/api/core/trips/${tripId}/members/${userId}`,
    token: admin.accessToken,
    payload: { role },
  });
  if (res.statusCode !== 200) throw new Error(`set role answered ${res.statusCode}: ${res.body}`);
}

/**
 * Sets members' roles straight in the database, without a request each: the set-up of the route ×
 * role tables, which build a trip for every call that may change one. Changing a role through the
 * API (PATCH …/members/{userId}, with its rules and history) is what setRole and the members
 * suites do.
 */
export async function setRolesDirectly(
  t: TestApp,
  tripId: string,
  roles: ReadonlyArray<readonly [userId: string, role: TripRole]>,
): Promise<void> {
  for (const [userId, role] of roles) await updateMemberRole(t.database.db, tripId, userId, role);
}

/** Every planner item id, in the order days then tray (a move must neither lose nor duplicate one). */
export function allItemIds(planner: Planner): string[] {
  return [...planner.days.flatMap((d) => d.items), ...planner.tray].map((i) => i._id);
}

/** The catalogue, read from the test app of the enclosing describe block before its tests run. */
export const useCatalogue = (t: TestApp): Catalogue => forBlock(() => loadCatalogue(t));
