/**
 * The data and clients of `npm run bench:live`: confirmed users in trip crews (SQL, like the
 * messaging bench), their trips made through the API (a planner with notes, a shared packing
 * list) and the members' live sockets. Loopback only.
 */
import pg from 'pg';
import WebSocket from 'ws';
import { addDays } from './api-seed.mjs';
import { sleep } from './harness.mjs';
import { call } from './load-client.mjs';

/** Days of every bench trip, from this day on. */
export const TRIP_START = '2027-06-01';
export const TRIP_DAYS = 4;
const NOTES_PER_TRIP = 3;
const PACKING_PER_TRIP = 2;

/**
 * Inserts `total` confirmed users `<email>-<runId>-<n>@bench.test` (last name `<lastName><n>`)
 * through `client`; resolves to their ids, n = 1 first.
 */
export async function insertBenchUsers(client, { email, lastName, runId, total }) {
  const { rows } = await client.query(
    `insert into users (email, name, last_name, email_verified_at)
     select $1 || '-' || $2 || '-' || g || '@bench.test', 'Bench', $3 || g, now()
     from generate_series(1, $4::int) g
     returning id, email`,
    [email, runId, lastName, total],
  );
  const ids = [];
  for (const row of rows) ids[Number(/-(\d+)@/.exec(row.email)[1]) - 1] = row.id;
  return ids;
}

/** Inserts crew links ([userId, friendId] pairs) through `client`, 500 a statement. */
export async function insertCrewLinks(client, links) {
  for (let i = 0; i < links.length; i += 500) {
    const batch = links.slice(i, i + 500);
    const values = batch.map((_, j) => `($${2 * j + 1}::uuid, $${2 * j + 2}::uuid)`).join(',');
    await client.query(`insert into crew_links (user_id, friend_id) values ${values}`, batch.flat());
  }
}

/**
 * The people of `trips` trips: trip i has 2 members (even i) or 3 (odd i), none shared with
 * another trip. The first of each trip (the writer) has the others in their crew, so they can be
 * added when the trip is created. Resolves to [{ writer, others: [userId] }] in trip order.
 */
export async function createCrews(databaseUrl, runId, trips) {
  const sizes = Array.from({ length: trips }, (_, i) => (i % 2 === 0 ? 2 : 3));
  const total = sizes.reduce((a, b) => a + b, 0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = await insertBenchUsers(client, { email: 'bench-live', lastName: 'Member', runId, total });
    const crews = [];
    let next = 0;
    for (const size of sizes) {
      const members = ids.slice(next, next + size);
      next += size;
      crews.push({ writer: members[0], others: members.slice(1) });
    }
    const links = crews.flatMap((c) =>
      c.others.flatMap((o) => [
        [c.writer, o],
        [o, c.writer],
      ]),
    );
    await insertCrewLinks(client, links);
    return crews;
  } finally {
    await client.end();
  }
}

/** A place of the curated catalogue (the API seeds it at boot; waits for it). */
export async function somePlace(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query('select id from places order by id limit 1');
      if (rows[0]) return rows[0].id;
      if (Date.now() > deadline) throw new Error('no place in the catalogue after 60 s');
      await sleep(500);
    }
  } finally {
    await client.end();
  }
}

async function must(what, session, method, path, body) {
  const answer = await call(null, what, session, method, path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`seed: ${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Creates one trip through the API as its writer (`session`), with the other members, planner
 * notes (in the tray) and shared packing items. Resolves to the ids the writes need.
 */
export async function createTrip(session, placeId, crew, index) {
  const days = Array.from({ length: TRIP_DAYS }, (_, i) => addDays(TRIP_START, i));
  const created = await must('create trip', session, 'POST', '/core/trips', {
    placeId,
    startDate: days[0],
    endDate: days.at(-1),
    members: crew.others,
  });
  const tripId = created._id;
  let planner;
  for (let n = 0; n < NOTES_PER_TRIP; n += 1) {
    planner = await must('add note', session, 'POST', `/core/trips/${tripId}/planner/notes`, {
      date: null,
      text: `Bench note ${index}-${n}`,
    });
  }
  const noteIds = planner.tray.filter((item) => item.kind === 'note').map((item) => item._id);
  let packing;
  for (let n = 0; n < PACKING_PER_TRIP; n += 1) {
    packing = await must('add packing item', session, 'POST', `/core/trips/${tripId}/packing`, {
      text: `Bench item ${index}-${n}`,
    });
  }
  return {
    tripId,
    days,
    noteIds,
    packing: packing.map((item) => ({ id: item._id, done: item.done })),
  };
}

/**
 * Opens a user socket, authenticates with the first frame and resolves once the server says
 * ready; every later frame goes to `onFrame(frame, receivedAt)` (`now()` read on arrival).
 */
export function openUserSocket(base, token, onFrame, now = () => 0) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/users/ws`);
    const timer = setTimeout(() => reject(new Error('socket not ready in 15 s')), 15_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (data) => {
      const receivedAt = now();
      const frame = JSON.parse(data.toString());
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(socket);
      } else {
        onFrame(frame, receivedAt);
      }
    });
  });
}

/**
 * Opens a live socket for `userId`, authenticates with the first frame and resolves once the
 * server says ready; every later `trip` frame goes to `onTrip(frame, receivedAt)`.
 */
export function connectLive(base, userId, token, onTrip, now) {
  return openUserSocket(
    base,
    token,
    (frame, receivedAt) => {
      if (frame.type === 'trip') onTrip(userId, frame, receivedAt);
    },
    now,
  );
}
