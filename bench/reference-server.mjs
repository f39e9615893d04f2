/**
 * Same-run references for `npm run bench` (bench/catalogue.mjs), started as their own process so
 * they get the same CPU share as the API server:
 * - a bare node:http server answering autocomplete and feature search with the raw SQL the API's
 *   repositories run, on a pg pool of the same size (only when REF_DATABASE_URL is set);
 * - a bare Fastify route returning a constant JSON body (the categories payload, read from
 *   REF_CONSTANT_FILE).
 * Prints one JSON line with the ports once both listen; stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const host = '127.0.0.1';
const constant = JSON.parse(readFileSync(process.env.REF_CONSTANT_FILE ?? '', 'utf8'));

// The autocomplete of places.repository.ts: exact, then prefix, then close (trigram) matches.
const AUTOCOMPLETE_SQL = `select * from places
  where (search_name like $1 or search_name % $2)
  order by (search_name = $2) desc, (search_name like $1) desc,
    (similarity(search_name, $2) >= 0.5) desc, population desc nulls last,
    similarity(search_name, $2) desc,
    case type when 'Country' then 0 when 'City' then 1 else 2 end asc, id asc
  limit 10`;
// The feature search of features.service.ts / features.repository.ts for a city.
const PLACE_SQL = 'select * from places where id = $1 limit 1';
const FEATURES_SQL = `select * from features where place_id = $1
  order by rank asc nulls last, title asc, id asc offset $2 limit $3`;
const COUNT_SQL = 'select count(*)::int as n from features where place_id = $1';

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const ports = {};
let pool;
let raw;
if (process.env.REF_DATABASE_URL) {
  pool = new pg.Pool({
    connectionString: process.env.REF_DATABASE_URL,
    max: Number(process.env.REF_POOL_SIZE ?? 10),
  });
  raw = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handle = async () => {
      if (url.pathname === '/api/core/places/autocomplete') {
        const name = (url.searchParams.get('q') ?? '').trim().toLowerCase();
        const { rows } = await pool.query(AUTOCOMPLETE_SQL, [`${name}%`, name]);
        return sendJson(res, 200, rows);
      }
      if (url.pathname === '/api/core/features/search') {
        const placeId = url.searchParams.get('placeId') ?? '';
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 50);
        const place = await pool.query(PLACE_SQL, [placeId]);
        if (place.rows.length === 0) return sendJson(res, 404, { message: 'unknown place' });
        const [rows, counted] = await Promise.all([
          pool.query(FEATURES_SQL, [placeId, skip, limit]),
          pool.query(COUNT_SQL, [placeId]),
        ]);
        return sendJson(res, 200, { data: rows.rows, total: counted.rows[0]?.n ?? 0 });
      }
      return sendJson(res, 404, { message: 'not found' });
    };
    handle().catch((error) => sendJson(res, 500, { message: String(error) }));
  });
  raw.keepAliveTimeout = 60_000;
  await new Promise((resolve) => raw.listen(0, host, resolve));
  ports.raw = raw.address().port;
}

const bare = Fastify({ logger: false });
bare.get('/api/core/categories/all', async () => constant);
await bare.listen({ port: 0, host });
ports.bare = bare.server.address().port;

process.stdout.write(`${JSON.stringify(ports)}\n`);

async function stop() {
  await bare.close().catch(() => undefined);
  if (raw) raw.closeAllConnections();
  if (raw) await new Promise((resolve) => raw.close(() => resolve()));
  if (pool) await pool.end().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
