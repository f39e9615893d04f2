/**
 * Same-run references for `npm run bench:api` (bench/api.mjs), each started as its own process
 * (REF_MODE) so that it gets the same CPU share as the API server:
 * - `hello`: a bare node:http server answering {"hello":"world"} to every request (the body of a
 *   write is read and dropped);
 * - `raw`: a bare node:http server that does what an efficient implementation of each benched
 *   call needs: the bearer JWT checked with a key imported once (JWT_SECRET, the API's), the CSRF
 *   double-submit compared on writes, and the SQL of bench/lib/api-reference-sql.mjs on a pg pool
 *   of the API's size (REF_POOL_SIZE) over REF_DATABASE_URL, answering JSON of the API's shape
 *   (a trip's bookings: bench/lib/api-reference-bookings.mjs).
 * Prints one JSON line with its port once it listens; stops on SIGTERM.
 */
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import {
  tripListJson,
  currentUserJson,
  dedupeKeepLast,
  featureJson,
  messageJson,
  notificationJson,
  plannerJson,
  preview,
  READS,
  SEND_MESSAGE,
  tripJson,
  WRITES,
} from './lib/api-reference-sql.mjs';
import { CHATS_SQL, chatJson } from './lib/api-reference-chats.mjs';
import { bookingRoutes } from './lib/api-reference-bookings.mjs';

const host = '127.0.0.1';
const mode = process.env.REF_MODE ?? 'hello';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EDITORS = new Set(['admin', 'member', 'driver', 'guide']);

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'private, no-store',
    ...headers,
  });
  res.end(text);
}

/** A refusal: [status, { message }] (thrown out of a handler, answered as is). */
class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}
const refuse = (status, message) => {
  throw new Refusal(status, message);
};

// ---------------------------------------------------------------- hello

function helloServer() {
  const body = Buffer.from(JSON.stringify({ hello: 'world' }));
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
  });
}

// ---------------------------------------------------------------- raw: authentication

const ISSUER = 'tripcrew';
const AUDIENCE = 'tripcrew-api';
/** The HS256 key, imported once (rawServer). */
let key;

/** The user id of a valid bearer access token (tokens.ts), or undefined. */
function userOf(req) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const [head, payload, signature] = match[1].split('.');
  if (!signature) return undefined;
  const expected = createHmac('sha256', key).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const audience = Array.isArray(claims.aud) ? claims.aud.includes(AUDIENCE) : claims.aud === AUDIENCE;
    if (header.alg !== 'HS256' || claims.iss !== ISSUER || !audience) return undefined;
    if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return undefined;
    return typeof claims.sub === 'string' && claims.sub.length > 0 ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Double-submit CSRF (csrf.ts): the X-CSRF-Token header equals the csrf-token cookie. */
function csrfOk(req) {
  const header = req.headers['x-csrf-token'];
  const cookie = /(?:^|;\s*)csrf-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  return typeof header === 'string' && cookie !== undefined && header === cookie;
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return refuse(400, 'The body must be JSON.');
  }
}

// ---------------------------------------------------------------- raw: handlers

let pool;
const query = (statement, values) => pool.query({ ...statement, values });
const tripId = (id) => (UUID.test(id) ? id : refuse(404, 'Trip not found'));

/** fn(client) inside BEGIN … COMMIT on one pooled connection; ROLLBACK when it throws. */
async function inTransaction(fn) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Locks the trip row (first statement of every trip write) and checks the caller's role. */
async function lockTrip(client, userId, id, editorsOnly) {
  const { rows } = await client.query({ ...WRITES.lockTrip, values: [userId, tripId(id)] });
  const trip = rows[0] ?? refuse(404, 'Trip not found');
  if (editorsOnly && !EDITORS.has(trip.role)) refuse(403, 'Your role in this trip is read-only.');
  return trip;
}

// The trip's bookings (bench/lib/api-reference-bookings.mjs), on the helpers above.
const bookings = bookingRoutes({ query, inTransaction, lockTrip, tripId, refuse });

const reads = {
  '/api/users/users/me': async (userId) => {
    const { rows } = await query(READS.me, [userId]);
    return [200, rows[0] ? currentUserJson(rows[0]) : refuse(401, 'Your account no longer exists.')];
  },
  '/api/core/trips': async (userId) => [200, (await query(READS.trips, [userId])).rows.map(tripListJson)],
  '/api/users/notifications': async (userId, url) => {
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 100);
    const { rows } = await query(READS.notifications, [userId, skip, limit]);
    const headers = {
      'x-total-count': String(rows[0]?.total ?? 0),
      'x-unseen-count': String(rows[0]?.unseen ?? 0),
    };
    return [200, rows.map(notificationJson), headers];
  },
  '/api/users/chats': async (userId) => [200, (await query(CHATS_SQL, [userId])).rows.map(chatJson)],
  '/api/core/wishlist/ids': async (userId, url) => {
    const { rows } = await query(READS.wishlistIds, [userId, url.searchParams.get('listname') ?? 'default']);
    return [200, rows.map((r) => r.feature_id)];
  },
};

const readPatterns = [
  ...bookings.reads,
  [
    /^\/api\/core\/trips\/features\/([^/]+)$/,
    async (userId, [id]) => {
      const { rows } = await query(READS.tripFeatures, [userId, tripId(id)]);
      if (rows.length === 0) refuse(404, 'Trip not found');
      return [200, rows.filter((r) => r.f_id !== null).map(featureJson)];
    },
  ],
  [
    /^\/api\/core\/trips\/([^/]+)\/planner$/,
    async (userId, [id]) => {
      const { rows } = await query(READS.planner, [userId, tripId(id)]);
      return [200, rows.length > 0 ? plannerJson(rows) : refuse(404, 'Trip not found')];
    },
  ],
  [
    /^\/api\/core\/trips\/([^/]+)$/,
    async (userId, [id]) => {
      const { rows } = await query(READS.trip, [userId, tripId(id)]);
      return [200, rows[0] ? tripJson(rows[0]) : refuse(404, 'Trip not found')];
    },
  ],
];

const writePatterns = [
  ...bookings.writes,
  [
    'POST',
    /^\/api\/core\/trips$/,
    async (userId, _params, body) => {
      const featureIds = [...new Set(Array.isArray(body.featureIds) ? body.featureIds.map(String) : [])];
      if (!UUID.test(String(body.placeId)) || featureIds.some((id) => !UUID.test(id))) {
        refuse(400, 'Unknown place or feature ids.');
      }
      // The bench creates trips without members (their crew check is not part of the reference).
      if (Array.isArray(body.members) && body.members.length > 0) refuse(400, 'members are not supported');
      const values = [
        userId,
        body.placeId,
        featureIds,
        body.startDate || null,
        body.endDate || null,
        body.transportMode ?? 'private',
        Array.isArray(body.categories) ? [...new Set(body.categories)] : [],
      ];
      const { rows } = await query(WRITES.createTrip, values);
      return [201, rows[0] ? { _id: rows[0].id } : refuse(400, 'Unknown place or feature ids.')];
    },
  ],
  [
    'PATCH',
    /^\/api\/core\/trips\/update\/([^/]+)$/,
    async (userId, [id], body) => {
      const name = typeof body.tripName === 'string' ? body.tripName.trim() : '';
      if (name.length === 0 || name.length > 120) refuse(400, 'The trip name cannot be empty');
      const { rows } = await query(WRITES.renameTrip, [userId, tripId(id), name]);
      return [200, rows[0] ? { trip: tripJson(rows[0]), movedToTray: 0 } : refuse(404, 'Trip not found')];
    },
  ],
  [
    'POST',
    /^\/api\/core\/trips\/([^/]+)\/planner\/items\/([^/]+)\/move$/,
    async (userId, [id, itemId], body) => {
      const date = body.date ?? null;
      const index = Number.isInteger(body.index) && body.index >= 0 ? body.index : refuse(400, 'index');
      if (!UUID.test(itemId)) refuse(404, 'This planner item does not exist in this trip.');
      const planner = await inTransaction(async (client) => {
        const trip = await lockTrip(client, userId, id, true);
        if (date !== null && (!trip.start_date || date < trip.start_date || date > trip.end_date)) {
          refuse(400, `${date} is not a day of this trip.`);
        }
        const moved = await client.query({ ...WRITES.movePlannerItem, values: [id, itemId, date, index] });
        if (moved.rowCount === 0) refuse(404, 'This planner item does not exist in this trip.');
        return (await client.query({ ...READS.planner, values: [userId, id] })).rows;
      });
      return [200, plannerJson(planner)];
    },
  ],
  [
    'PUT',
    /^\/api\/core\/trips\/([^/]+)\/checklist$/,
    async (userId, [id], body) => {
      const entries = Array.isArray(body.entries) ? body.entries.map((e) => String(e).trim()) : [];
      if (entries.some((e) => e.length === 0 || e.length > 120) || entries.length > 500)
        refuse(400, 'entries');
      const kept = dedupeKeepLast(entries);
      const version = await inTransaction(async (client) => {
        await lockTrip(client, userId, id, false);
        return (await client.query({ ...WRITES.saveChecklist, values: [userId, id, kept] })).rows[0].version;
      });
      return [200, { entries: kept, version }];
    },
  ],
  [
    'POST',
    /^\/api\/users\/messages\/direct\/([^/]+)$/,
    async (userId, [recipient], body) => {
      const senderId = userId.toLowerCase();
      const recipientId = recipient.toLowerCase();
      if (senderId === recipientId) refuse(400, 'You cannot send a message to yourself.');
      if (!UUID.test(recipientId)) refuse(404, 'This user does not exist.');
      const text = typeof body.text === 'string' ? body.text.trim() : '';
      if (text.length === 0 || text.length > 4000) refuse(400, 'Write a message first');
      const [a, b] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
      const statement = SEND_MESSAGE[a === senderId ? 'a' : 'b'];
      const values = [senderId, recipientId, a, b, text, preview(text, 80), preview(text, 500)];
      let [row] = (await query(statement, values)).rows;
      if (row.in_crew && row.id === null) {
        // The pair's first message: the chat is created, then the message goes in.
        await query(WRITES.createChat, [a, b]);
        [row] = (await query(statement, values)).rows;
      }
      if (!row.in_crew) refuse(403, 'You can only message people in your crew.');
      return [201, messageJson(row)];
    },
  ],
];

async function handle(req, res) {
  const userId = userOf(req);
  if (!userId) return send(res, 401, { message: 'Please sign in to continue.' });
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  let answer;
  if (req.method === 'GET') {
    const exact = reads[path];
    if (exact) answer = await exact(userId, url);
    for (const [pattern, fn] of exact ? [] : readPatterns) {
      const match = pattern.exec(path);
      if (match) {
        answer = await fn(userId, match.slice(1), url);
        break;
      }
    }
  } else {
    for (const [method, pattern, fn] of writePatterns) {
      const match = method === req.method ? pattern.exec(path) : null;
      if (!match) continue;
      if (!csrfOk(req)) refuse(403, 'Missing or invalid CSRF token.');
      answer = await fn(userId, match.slice(1), await readJson(req));
      break;
    }
  }
  if (!answer) return send(res, 404, { message: 'not found' });
  const [status, body, headers] = answer;
  return send(res, status, body, headers);
}

function rawServer() {
  key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8'));
  pool = new pg.Pool({
    connectionString: process.env.REF_DATABASE_URL,
    max: Number(process.env.REF_POOL_SIZE ?? 10),
  });
  pool.on('error', () => undefined);
  return createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (error instanceof Refusal) return send(res, error.status, { message: error.message });
      console.error(`raw reference: ${req.method} ${req.url}: ${error.stack ?? error}`);
      return send(res, 500, { message: String(error) });
    });
  });
}

// ---------------------------------------------------------------- main

const server = mode === 'raw' ? rawServer() : helloServer();
server.keepAliveTimeout = 60_000;
await new Promise((resolve) => server.listen(0, host, resolve));
process.stdout.write(`${JSON.stringify({ mode, port: server.address().port })}\n`);

async function stop() {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(() => resolve()));
  if (pool) await pool.end().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
