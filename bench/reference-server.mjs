/**
 * Same-run references for `npm run bench` (bench/catalogue.mjs), started as their own process so
 * they get the same CPU share as the API server:
 * - a bare node:http server answering autocomplete and feature search with the raw SQL the API's
 *   repositories run (the same named prepared statements), on a pg pool of the same size (only
 *   when REF_DATABASE_URL is set). It caches nothing: the API keeps autocomplete answers and
 *   feature pages per catalogue version, so those ratios show the cache, not the SQL;
 * - bare Fastify routes returning constant JSON bodies: each cached read's own payload (categories,
 *   suggestions, place by id), read from REF_CONSTANTS_FILE ({ "<path>": "<body>" }), so that a
 *   cached read is compared with a route sending the same bytes.
 * Prints one JSON line with the ports once both listen; stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const host = '127.0.0.1';
/** Path → parsed body of each cached read, as the API answered it once. */
const constants = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.REF_CONSTANTS_FILE ?? '', 'utf8'))).map(
    ([path, body]) => [path, JSON.parse(body)],
  ),
);

// The SQL the API's repositories run, verbatim (drizzle's output), as the same named prepared
// statements: keep in step with places.repository.ts and features.repository.ts.
const PLACE_COLUMNS = `"id", "source_key", "type", "title", "search_name", "country", "country_code", "region", "region_code", "short", "lat", "lng", "population", "feature_count", "image_original", "image_photographer", "image_id", "image_source", "updated_at"`;
const qualified = (table, columns) =>
  columns
    .split(', ')
    .map((c) => `"${table}".${c}`)
    .join(', ');
// autocompletePlaces, step 1: exact and prefix matches (b-tree range), then the rows by id.
const AUTOCOMPLETE_PREFIX = {
  name: 'places_autocomplete_prefix',
  text: `select ${qualified('places', PLACE_COLUMNS)} from (select "id", "search_name" = $1 as "exact", "population", case "type" when 'Country' then 0 when 'City' then 1 else 2 end as "type_order" from "places" where "places"."search_name" like $2 order by 2 desc, "places"."population" desc nulls last, 4, "places"."id" asc limit $3) "hits" inner join "places" on "places"."id" = "hits"."id" order by "exact" desc, "hits"."population" desc nulls last, "type_order" asc, "hits"."id" asc`,
};
// autocompletePlaces, step 2 (only when step 1 found fewer than 10): close (trigram) matches.
const AUTOCOMPLETE_CLOSE = {
  name: 'places_autocomplete_close',
  text: `select ${PLACE_COLUMNS} from "places" where "places"."search_name" % $1 and "places"."search_name" not like $2 order by similarity("places"."search_name", $3) >= 0.5 desc, "places"."population" desc nulls last, similarity("places"."search_name", $4) desc, case "places"."type" when 'Country' then 0 when 'City' then 1 else 2 end asc, "places"."id" asc limit $5`,
};
const AUTOCOMPLETE_LIMIT = 10;
// The feature search of features.service.ts for a city: the place row (findPlaceById, which the
// API keeps in its catalogue cache, as this server does), then the page (findFeaturePage: sort
// keys from the order index, rows by id); the total is the place's feature_count (a category
// filter, not benched, is counted once per catalogue version).
const PLACE_BY_ID = {
  name: 'places_by_id',
  text: `select ${PLACE_COLUMNS} from "places" where "places"."id" = $1 limit $2`,
};
// The columns toFeature needs (features.repository.ts listColumns).
const FEATURE_COLUMNS = `"id", "key", "place_id", "title", "address", "description", "rank", "categories", "model", "lat", "lng", "image_original"`;
const FEATURES_PAGE = {
  name: 'features_page_place',
  text: `select ${qualified('features', FEATURE_COLUMNS)} from (select "id", "rank", "title" from "features" where "features"."place_id" = $1 order by "features"."rank" asc nulls last, "features"."title" asc, "features"."id" asc limit $2 offset $3) "page" inner join "features" on "features"."id" = "page"."id" order by "page"."rank" asc nulls last, "page"."title" asc, "page"."id" asc`,
};

/** search-name.ts: lower case, accents and punctuation folded (the bench queries are plain). */
const searchName = (q) =>
  q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
const escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const ports = {};
/** Place rows by id, loaded once (the API's catalogue cache). */
const placeRows = new Map();
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
        const name = searchName(url.searchParams.get('q') ?? '');
        const prefix = `${escapeLike(name)}%`;
        const found = await pool.query({
          ...AUTOCOMPLETE_PREFIX,
          values: [name, prefix, AUTOCOMPLETE_LIMIT],
        });
        let rows = found.rows;
        if (rows.length < AUTOCOMPLETE_LIMIT) {
          const close = await pool.query({
            ...AUTOCOMPLETE_CLOSE,
            values: [name, prefix, name, name, AUTOCOMPLETE_LIMIT - rows.length],
          });
          rows = [...rows, ...close.rows];
        }
        return sendJson(res, 200, rows);
      }
      if (url.pathname === '/api/core/features/search') {
        const placeId = url.searchParams.get('placeId') ?? '';
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 50);
        let place = placeRows.get(placeId);
        if (!place) {
          place = (await pool.query({ ...PLACE_BY_ID, values: [placeId, 1] })).rows[0];
          if (!place) return sendJson(res, 404, { message: 'unknown place' });
          placeRows.set(placeId, place);
        }
        const page = await pool.query({ ...FEATURES_PAGE, values: [placeId, limit, skip] });
        return sendJson(res, 200, { data: page.rows, total: place.feature_count });
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
bare.get('/api/core/categories/all', async () => constants.get('/api/core/categories/all'));
bare.get('/api/core/suggestions', async () => constants.get('/api/core/suggestions'));
bare.get('/api/core/places/place/:id', async (request, reply) => {
  const body = constants.get(`/api/core/places/place/${request.params.id}`);
  return body ?? reply.status(404).send({ message: 'not found' });
});
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
