/**
 * The data of `npm run bench:api`, made through the API as people make it: users signed up
 * (mailed confirmation codes), crew pairs, the main user's trips with features of the curated
 * catalogue, planner items moved onto days and notes, checklists, bookings (a flight, a stay, a
 * train, a table), a chat, a wishlist, and the notifications all that produces for the main user
 * (crew requests, a crew acceptance, trip dates changed by a member, unread messages). Loopback
 * only.
 */
import { randomBytes } from 'node:crypto';
import { BOOKINGS_PER_TRIP, seedTripBookings } from './api-bookings.mjs';
import { sleep } from './harness.mjs';
import { call, mapLimit, pairAsCrew, signUp } from './load-client.mjs';
import { discoverCatalogue } from './load-workload.mjs';

/** Days of a seeded (and a benched new) trip. */
export const TRIP_DAYS = 4;
export const FEATURES_PER_TRIP = 5;
/** Checklist entries the seed and the checklist scenario tick. */
export const CHECKLIST = [
  'Passport',
  'Tickets',
  'Phone charger',
  'Sunscreen',
  'Travel insurance',
  'Rain jacket',
  'Adapter',
  'Cash',
];
const CHAT_MESSAGES = 10;
const WISHLIST_FEATURES = 5;

/** `YYYY-MM-DD` plus n days. */
export function addDays(day, n) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** One request that must answer one of `expected`; resolves to its body. */
async function must(what, expected, session, method, path, body) {
  const answer = await call(null, what, session, method, path, body);
  if (!expected.includes(answer.status)) {
    throw new Error(
      `seed: ${what} (${method} ${path}) answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

/** The curated catalogue's places with features; retried while the API is still seeding it. */
async function catalogueOf(session) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      return await discoverCatalogue(session);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(2000);
    }
  }
}

/**
 * Seeds one API instance (`base`, its loopback SMTP catcher `smtp`): `users` people (the first is
 * the main user, at least 2) and `trips` trips of the main user. Resolves to what the scenarios
 * need: the sessions, the catalogue, each trip with its days and planner item ids.
 */
export async function seedApi({ base, smtp, users, trips, log }) {
  const runId = randomBytes(4).toString('hex');
  const people = await mapLimit(
    Array.from({ length: Math.max(2, users) }, (_, i) => i),
    4,
    (i) => signUp(null, smtp, base, i, runId),
  );
  const [main, ...others] = people;
  const partner = others[0];
  // Main asks its chat partner (main: "crew request accepted"); the others ask main, who
  // approves (main keeps a "new crew request" for each).
  for (const [k, other] of others.entries()) {
    if (k === 0) await pairAsCrew(null, main, other);
    else await pairAsCrew(null, other, main);
  }
  const catalogue = await catalogueOf(main);
  log(`seed: ${people.length} users signed up and in main's crew; ${catalogue.length} places with features`);

  const today = new Date().toISOString().slice(0, 10);
  const seeded = [];
  for (let i = 0; i < trips; i += 1) {
    const place = catalogue[i % catalogue.length];
    const from = (Math.floor(i / catalogue.length) * FEATURES_PER_TRIP) % (place.featureIds.length - 4);
    const featureIds = place.featureIds.slice(from, from + FEATURES_PER_TRIP);
    const startDate = addDays(today, 30 + i);
    const endDate = addDays(startDate, TRIP_DAYS - 1);
    // The first trips each take one crew member along.
    const member = others[i];
    const created = await must('create trip', [201], main, 'POST', '/core/trips', {
      placeId: place.placeId,
      startDate,
      endDate,
      featureIds,
      members: member ? [member.userId] : [],
    });
    seeded.push({ id: created._id, placeId: place.placeId, member, endDate });
  }
  // Each member makes their trip one day longer: main is told that the dates changed.
  for (const trip of seeded.filter((t) => t.member)) {
    await must('change dates', [200], trip.member, 'PATCH', `/core/trips/update/${trip.id}`, {
      endDate: addDays(trip.endDate, 1),
    });
  }
  // Planner: three of the five items onto the first days, a timed note, a checklist.
  for (const trip of seeded) {
    const planner = await must('planner', [200], main, 'GET', `/core/trips/${trip.id}/planner`);
    const days = planner.days.map((d) => d.date);
    for (const [k, item] of planner.tray.slice(0, 3).entries()) {
      await must('move', [200], main, 'POST', `/core/trips/${trip.id}/planner/items/${item._id}/move`, {
        date: days[k % days.length],
        index: 0,
      });
    }
    const final = await must('note', [200], main, 'POST', `/core/trips/${trip.id}/planner/notes`, {
      date: days[0],
      text: 'Meet at the hotel lobby',
      time: '09:30',
    });
    await must('checklist', [200], main, 'PUT', `/core/trips/${trip.id}/checklist`, {
      entries: CHECKLIST.slice(0, 4),
    });
    trip.days = days;
    trip.itemIds = [...final.tray, ...final.days.flatMap((d) => d.items)].map((item) => item._id);
  }
  await seedTripBookings(main, seeded);
  // A chat between main and its partner; every other crew member writes to main once.
  for (let k = 0; k < CHAT_MESSAGES; k += 1) {
    const [from, to] = k % 2 === 0 ? [partner, main] : [main, partner];
    await must('message', [201], from, 'POST', `/users/messages/direct/${to.userId}`, {
      text: `Message ${k + 1} about the plan`,
    });
  }
  for (const other of others.slice(1)) {
    await must('message', [201], other, 'POST', `/users/messages/direct/${main.userId}`, {
      text: 'See you on the trip!',
    });
  }
  for (const featureId of catalogue[0].featureIds.slice(0, WISHLIST_FEATURES)) {
    await must('wishlist', [200, 201], main, 'POST', '/core/wishlist', { featureId });
  }
  const notifications = await must('notifications', [200], main, 'GET', '/users/notifications');
  log(
    `seed: ${seeded.length} trips of ${FEATURES_PER_TRIP} features and ${BOOKINGS_PER_TRIP} bookings, ${CHAT_MESSAGES + others.length - 1} messages, ${WISHLIST_FEATURES} wishlist items, ${notifications.length} notifications of main`,
  );
  return {
    main,
    partner,
    others,
    catalogue,
    today,
    trips: seeded.map(({ id, placeId, days, itemIds }) => ({ id, placeId, days, itemIds })),
  };
}
