import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crewOf,
  createTrip,
  day,
  getPlanner,
  loadCatalogue,
} from '../../src/modules/trips/trips.fixtures.ts';
import { createUser, DEFAULT_PASSWORD, type TestUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  anyJson,
  CONTROL_STRINGS,
  deepJsonText,
  deepNest,
  hostileOf,
  hostileUrlText,
  huge,
  nastyString,
  stringLeaves,
  validOf,
  withLeaf,
  type JsonSchema,
} from './fuzz-values.ts';

/**
 * SEC-06: every operation of the OpenAPI document the app serves, fed schema-violating and
 * boundary values generated from its own JSON schemas (fast-check, fixed seed, bounded count):
 * wrong types, missing and extra fields, empty and 100k-character strings, unicode, RTL and null
 * bytes, out-of-range numbers, deep nesting, malformed JSON, wrong content types, garbage
 * multipart, bad ids, plus some valid-looking values built on real data. Every answer must be
 * below 500, every error JSON with a message, and the app must still be healthy afterwards.
 */

const SEED = 20261123;
/**
 * Fields that take any character on purpose: passwords are only ever hashed, never kept or shown;
 * `content` is a file to import (a saved mail), read by a parser and never kept as it is.
 */
const ANY_CHARACTER_FIELDS = new Set(['password', 'currentPassword', 'newPassword', 'content']);
const CONTROL_REFUSAL = /remove the control or text-direction characters/i;
/** Fields with a shape of their own (a date), refused by that rule before any character rule. */
const SHAPED_FIELDS = new Set(['startDate', 'endDate']);
/** Generated requests per operation (the whole run stays well in the thousands). */
const RUNS_PER_OPERATION = 48;
/** Fewer operations than this means the document lost routes (or came back empty). */
const MIN_OPERATIONS = 60;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, OpenApiOperation>>>;
}

interface Operation {
  method: Method;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  jsonBody: JsonSchema | undefined;
  multipart: boolean;
}

type Auth = 'user' | 'anonymous' | 'bad-token';

interface Body {
  payload: string | Buffer;
  contentType?: string;
}

interface FuzzCase {
  params: Record<string, string>;
  query: string;
  body: Body | undefined;
  auth: Auth;
  csrf: boolean;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema,
        multipart:
          Boolean(content['multipart/form-data']) || (op.consumes ?? []).includes('multipart/form-data'),
      });
    }
  }
  return operations;
}

/** A value as text for a URL: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

// ------------------------------------------------------------------ arbitraries per operation

/** Percent-encodes a path segment; text that is not well-formed UTF-16 goes byte by byte. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function pathValue(param: Parameter, pool: readonly string[]): fc.Arbitrary<string> {
  const schema = param.schema ?? { type: 'string' };
  return fc.oneof(
    { weight: 3, arbitrary: validOf(schema, pool).map((v) => encodeSegment(asText(v))) },
    { weight: 4, arbitrary: hostileUrlText.map(encodeSegment) },
    // Raw (unencoded) tricks: malformed escapes, traversal, encoded slashes and dots.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%zz',
        '%',
        '..',
        '%2e%2e',
        '..%2f..%2f',
        '%00',
        '%C0%AE',
        'a%2Fb',
        '%u0000',
      ),
    },
  );
}

function queryArbitrary(op: Operation, pool: readonly string[]): fc.Arbitrary<string> {
  const entries = op.queryParams.map((param) => {
    const schema = param.schema ?? { type: 'string' };
    const value = fc.option(
      fc.oneof({ weight: 2, arbitrary: validOf(schema, pool) }, { weight: 3, arbitrary: hostileOf(schema) }),
      { freq: 4, nil: undefined },
    );
    return value.map((v): [string, unknown] => [param.name, v]);
  });
  const extra = fc.option(fc.tuple(fc.oneof(nastyString, fc.constantFrom('__proto__', 'limit[]')), anyJson), {
    freq: 4,
    nil: undefined,
  });
  const repeated = fc.boolean();
  return fc.tuple(fc.tuple(...entries), extra, repeated).map(([values, more, repeat]) => {
    const search = new URLSearchParams();
    for (const [name, value] of values) {
      if (value === undefined) continue;
      search.append(name, asText(value));
      if (repeat) search.append(name, asText(value));
    }
    if (more) search.append(more[0], asText(more[1]));
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
});

/** Bodies that break the transport rather than the schema. */
const transportBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom<Body>(
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '{"a":1}}', contentType: 'application/json' },
    { payload: "{'single':'quotes'}", contentType: 'application/json' },
    { payload: '\u0000\u0001\u0002', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
    { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
    { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
    { payload: '{"a":1}', contentType: 'text/plain' },
    { payload: '<a>1</a>', contentType: 'application/xml' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: '--x\r\nnot really\r\n', contentType: 'multipart/form-data; boundary=x' },
    { payload: 'garbage', contentType: 'multipart/form-data' },
    { payload: '{"a":1}', contentType: '' },
    { payload: '{"a":1}', contentType: 'application/json, text/plain' },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/octet-stream' },
  ),
  fc.constant<Body>({ payload: `"${huge('z', 1_100_000)}"`, contentType: 'application/json' }),
  fc
    .constantFrom(2_000, 20_000)
    .map((depth): Body => ({ payload: deepJsonText(depth), contentType: 'application/json' })),
  fc
    .string({ unit: 'binary', maxLength: 200 })
    .map((s): Body => ({ payload: s, contentType: 'application/json' })),
);

function jsonBodyArbitrary(schema: JsonSchema, pool: readonly string[]): fc.Arbitrary<Body> {
  const valid = validOf(schema, pool);
  const props = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const asObject = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
  const variants: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 3, arbitrary: valid.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, nastyString, anyJson)
        .map(([v, key, extra]) => json({ ...asObject(v), [key]: extra })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          anyJson,
          nastyString,
          fc.constant([]),
          fc.constant(deepNest(500)),
          fc.array(valid, { maxLength: 3 }),
        )
        .map(json),
    },
    { weight: 2, arbitrary: transportBodies },
  ];
  if (props.length > 0) {
    const oneProp = fc
      .constantFrom(...props)
      .chain(([name, prop]) => fc.tuple(fc.constant(name), hostileOf(prop)));
    variants.push({
      weight: 8,
      arbitrary: fc.tuple(valid, oneProp).map(([v, [name, bad]]) => json({ ...asObject(v), [name]: bad })),
    });
    variants.push({
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.array(oneProp, { minLength: 2, maxLength: 4 }))
        .map(([v, bads]) => json({ ...asObject(v), ...Object.fromEntries(bads) })),
    });
  }
  if (required.length > 0) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([v, name]) => {
        const copy = asObject(v);
        delete copy[name];
        return json(copy);
      }),
    });
  }
  return fc.oneof(...variants);
}

function multipartBody(fileBytes: Buffer, field = 'file', type = 'image/png'): Body {
  const boundary = 'fuzzboundary7d3c';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      fileBytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const multipartBodies: fc.Arbitrary<Body | undefined> = fc.oneof(
  fc.constant(undefined),
  transportBodies,
  anyJson.map(json),
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => multipartBody(Buffer.from(bytes))),
  fc.constantFrom(
    multipartBody(Buffer.from('<svg onload="alert(1)"/>'), 'file', 'image/svg+xml'),
    multipartBody(Buffer.from('\x89PNG\r\n\x1a\n'), 'file', 'image/png'),
    multipartBody(Buffer.from('GIF89a<script>'), 'file', 'image/gif'),
    multipartBody(Buffer.from('hello'), 'not-file', 'text/plain'),
    multipartBody(Buffer.alloc(0), 'file', 'image/jpeg'),
    { payload: '--fuzzboundary7d3c--\r\n', contentType: 'multipart/form-data; boundary=fuzzboundary7d3c' },
    { payload: 'no parts at all', contentType: 'multipart/form-data; boundary=' },
  ),
);

function bodyArbitrary(op: Operation, pool: readonly string[]): fc.Arbitrary<Body | undefined> {
  if (op.multipart) return multipartBodies;
  if (op.jsonBody) return jsonBodyArbitrary(op.jsonBody, pool);
  // No body in the contract: none, or something it did not ask for.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: anyJson.map(json) },
    { weight: 1, arbitrary: transportBodies },
  );
}

function caseArbitrary(op: Operation, pool: readonly string[]): fc.Arbitrary<FuzzCase> {
  const params = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p, pool)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  return fc.record({
    params,
    query: queryArbitrary(op, pool),
    body: bodyArbitrary(op, pool),
    auth: fc.constantFrom<Auth>('user', 'user', 'user', 'user', 'user', 'anonymous', 'bad-token'),
    // One request in ten goes without the CSRF token (403 before anything else runs).
    csrf: fc.integer({ min: 0, max: 9 }).map((n) => n !== 0),
  });
}

// ------------------------------------------------------------------ checks

/** What is wrong with an answer, or undefined when it keeps the promises of SEC-06. */
function problemWith(
  res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `error ${res.statusCode} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error ${res.statusCode} whose body is not JSON: ${res.body.slice(0, 120)}`;
  }
  const error = body as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (typeof error.message !== 'string' || error.message.trim() === '')
    return `error ${res.statusCode} without a message: ${res.body.slice(0, 200)}`;
  if (typeof error.code !== 'string' || error.code === '') return `error ${res.statusCode} without a code`;
  if (error.statusCode !== res.statusCode)
    return `error body says statusCode ${String(error.statusCode)}, the answer is ${res.statusCode}`;
  return undefined;
}

function describeCase(op: Operation, url: string, c: FuzzCase): string {
  const payload = c.body ? String(c.body.payload).slice(0, 160) : '(none)';
  return `${op.method.toUpperCase()} ${url.slice(0, 200)} auth=${c.auth} csrf=${c.csrf} type=${c.body?.contentType ?? '-'} body=${JSON.stringify(payload)}`;
}

// ------------------------------------------------------------------ the suite

describe('[SEC-06] fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let user: TestUser;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let pool: string[];

  beforeAll(async () => {
    // Both social providers configured, so that their routes answer as on a server that offers
    // them (a redirect) rather than the designed 503 of one that does not. Their endpoints are a
    // loopback port nothing listens on: the fuzzer can never complete a sign-in.
    const nowhere = 'http://127.0.0.1:9';
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'fuzz-google-client',
      GOOGLE_CLIENT_SECRET: 'fuzz-google-secret',
      GITHUB_CLIENT_ID: 'fuzz-github-client',
      GITHUB_CLIENT_SECRET: 'fuzz-github-secret',
      GOOGLE_AUTH_URL: `${nowhere}/google/auth`,
      GOOGLE_TOKEN_URL: `${nowhere}/google/token`,
      GOOGLE_USERINFO_URL: `${nowhere}/google/userinfo`,
      GITHUB_AUTH_URL: `${nowhere}/github/auth`,
      GITHUB_TOKEN_URL: `${nowhere}/github/token`,
      GITHUB_API_URL: `${nowhere}/github/api`,
    });
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApiDocument;
    operations = operationsOf(doc);

    // Real data, so that valid-looking values reach the services and repositories too.
    const catalogue = await loadCatalogue(t);
    user = await createUser(t, { name: 'Fuzz', lastName: 'Tester' });
    const [friend] = await crewOf(t, user, 1);
    if (!friend) throw new Error('no friend');
    const features = catalogue.lisbonFeatures.slice(0, 3).map((f) => f._id);
    const tripId = await createTrip(t, user, {
      placeId: catalogue.lisbon._id,
      startDate: day(1),
      endDate: day(3),
      featureIds: features.slice(0, 2),
      members: [friend.id],
    });
    await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: user.accessToken,
      payload: { date: day(1), text: 'Note' },
    });
    const planner = await getPlanner(t, user, tripId);
    const itemIds = [...planner.days.flatMap((d) => d.items), ...planner.tray].map((i) => i._id);
    const message = await t.request({
      method: 'POST',
      url: `/api/users/messages/direct/${friend.id}`,
      token: user.accessToken,
      payload: { text: 'Hello' },
    });
    const chatId = String((message.json() as { chatId?: string }).chatId ?? '');
    const stranger = await createUser(t, { name: 'Stranger' });
    const request = await t.request({
      method: 'POST',
      url: '/api/users/crew/crew-request',
      token: stranger.accessToken,
      payload: { userId: user.id },
    });
    const requestId = String((request.json() as { request?: { _id?: string } }).request?._id ?? '');
    const notes = await t.request({
      method: 'GET',
      url: '/api/users/notifications',
      token: user.accessToken,
    });
    const notificationIds = (notes.json() as Array<{ _id: string }>).map((n) => n._id);
    await t.request({
      method: 'POST',
      url: '/api/core/wishlist/lists',
      token: user.accessToken,
      payload: { name: 'Beaches' },
    });
    pool = [
      user.id,
      user.email,
      DEFAULT_PASSWORD,
      friend.id,
      stranger.id,
      tripId,
      chatId,
      requestId,
      ...notificationIds,
      ...itemIds,
      ...features,
      catalogue.lisbon._id,
      catalogue.portugal._id,
      'portugal',
      'lisbon',
      'Beaches',
      'default',
      'github',
      day(2),
      '09:30',
    ].filter((v) => v !== '');
    // Generous: the boot, the seed and the fixtures share two cores with the rest of the suite.
  }, 180_000);
  afterAll(() => t?.close());

  it('[SEC-06] the checks refuse a 5xx, a non-JSON error and an error without a message', () => {
    const jsonType = { 'content-type': 'application/json; charset=utf-8' };
    const error = (statusCode: number, body: unknown) => ({
      statusCode,
      headers: jsonType,
      body: JSON.stringify(body),
    });
    expect(problemWith(error(200, { ok: true }))).toBeUndefined();
    expect(problemWith(error(400, { statusCode: 400, code: 'VALIDATION', message: 'Bad.' }))).toBeUndefined();
    expect(problemWith(error(500, { statusCode: 500, code: 'INTERNAL', message: 'Oops.' }))).toMatch(
      /status 500/,
    );
    expect(problemWith({ statusCode: 404, headers: {}, body: '' })).toMatch(/content-type/);
    expect(problemWith({ statusCode: 400, headers: jsonType, body: 'oops' })).toMatch(/not JSON/);
    expect(problemWith(error(400, { statusCode: 400, code: 'X', message: ' ' }))).toMatch(
      /without a message/,
    );
    expect(problemWith(error(409, { statusCode: 400, code: 'X', message: 'Taken.' }))).toMatch(
      /statusCode 400/,
    );
  });

  it(`[SEC-06] the OpenAPI document lists at least ${MIN_OPERATIONS} operations`, () => {
    expect(operations.length).toBeGreaterThanOrEqual(MIN_OPERATIONS);
    for (const op of operations) expect(op.path.startsWith('/'), op.path).toBe(true);
  });

  it('[SEC-06] no operation answers a 5xx or a non-JSON error to generated hostile input, and the app stays healthy', async () => {
    const started = Date.now();
    const histogram = new Map<number, number>();
    const failures: string[] = [];
    const perOperation = new Map<string, number>();
    // Reads and writes first, deletions last: the valid-looking ids stay alive as long as possible.
    const ordered = [...operations].sort(
      (a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'),
    );
    let requests = 0;
    for (const [index, op] of ordered.entries()) {
      const cases = fc.sample(caseArbitrary(op, pool), { seed: SEED + index, numRuns: RUNS_PER_OPERATION });
      for (const c of cases) {
        const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => c.params[name] ?? 'x');
        const url = `/api${path}${c.query}`;
        const headers: Record<string, string> = {};
        if (c.body?.contentType) headers['content-type'] = c.body.contentType;
        if (c.auth === 'user') headers.authorization = `Bearer ${user.accessToken}`;
        if (c.auth === 'bad-token') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
        const options = {
          method: op.method.toUpperCase() as 'GET',
          url,
          headers,
          ...(c.body ? { payload: c.body.payload } : {}),
        };
        let res: LightMyRequestResponse;
        try {
          res = c.csrf ? await t.request(options) : await t.app.inject(options);
        } catch (error) {
          failures.push(`${describeCase(op, url, c)} → threw ${(error as Error).message}`);
          continue;
        }
        requests += 1;
        histogram.set(res.statusCode, (histogram.get(res.statusCode) ?? 0) + 1);
        const key = `${op.method.toUpperCase()} ${op.path}`;
        perOperation.set(key, (perOperation.get(key) ?? 0) + 1);
        const problem = problemWith(res);
        if (problem) failures.push(`${describeCase(op, url, c)} → ${problem}`);
      }
      const health = await t.request({ method: 'GET', url: '/api/health' });
      if (health.statusCode !== 200)
        failures.push(`after ${op.method} ${op.path}: /api/health ${health.statusCode}`);
    }

    const statuses = [...histogram.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    process.stdout.write(
      `[SEC-06] fuzz: ${operations.length} operations, ${requests} requests, ${failures.length} failures, ${((Date.now() - started) / 1000).toFixed(1)} s, statuses ${statuses}\n`,
    );

    expect(failures.slice(0, 25), `${failures.length} failing requests`).toEqual([]);
    // Every operation of the document was exercised, thousands of times in all.
    expect(perOperation.size).toBe(operations.length);
    expect(requests).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
    expect(requests).toBeGreaterThanOrEqual(3_000);
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((health.json() as { status: string }).status).toBe('ok');
  }, 300_000);

  it('[INPUT-06] every text field of every body and query refuses control and text-direction characters with a 400 naming it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [index, op] of operations.entries()) {
      const params = Object.fromEntries(
        op.pathParams.map((p) => {
          const [value] = fc.sample(validOf(p.schema ?? { type: 'string' }, pool), {
            seed: SEED + index,
            numRuns: 1,
          });
          return [p.name, encodeSegment(asText(value))];
        }),
      );
      const path = `/api${op.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? 'x')}`;
      const [body] = op.jsonBody
        ? fc.sample(validOf(op.jsonBody, pool), { seed: SEED + index, numRuns: 1 })
        : [];
      const targets = [
        ...(op.jsonBody ? stringLeaves(op.jsonBody).map((leaf) => ({ ...leaf, in: 'body' as const })) : []),
        ...op.queryParams.map((p) => ({ path: [p.name], schema: p.schema ?? {}, in: 'query' as const })),
      ];
      for (const [n, target] of targets.entries()) {
        const field = target.path.join('.');
        const plain =
          stringLeaves(target.schema).length > 0 &&
          !target.schema.pattern &&
          !target.schema.format &&
          !target.schema.enum &&
          !SHAPED_FIELDS.has(field);
        for (const [k, bad] of [
          CONTROL_STRINGS[n % CONTROL_STRINGS.length],
          CONTROL_STRINGS[(n + index + 1) % CONTROL_STRINGS.length],
        ].entries()) {
          if (bad === undefined) continue;
          const query = target.in === 'query' ? `?${new URLSearchParams({ [field]: bad }).toString()}` : '';
          const payload =
            target.in === 'body' ? withLeaf(body, target.path, bad) : op.jsonBody ? body : undefined;
          const res = await t.request({
            method: op.method.toUpperCase() as 'GET',
            url: `${path}${query}`,
            token: user.accessToken,
            ...(payload === undefined || op.method === 'get' ? {} : { payload: payload as object }),
          });
          checked += 1;
          const where = `${op.method.toUpperCase()} ${op.path} ${target.in} ${field} #${k} ${JSON.stringify(bad)}`;
          if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode}`);
          else if (ANY_CHARACTER_FIELDS.has(field)) continue;
          else if (res.statusCode !== 400)
            failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (plain) {
            const error = res.json() as { field?: string; message?: string };
            // Another field of the generated value may be the one refused first; ours must be named
            // whenever it is the one refused.
            if (error.field === field && !CONTROL_REFUSAL.test(error.message ?? ''))
              failures.push(`${where} → 400 without the refusal: ${error.message ?? ''}`);
          }
        }
      }
    }
    process.stdout.write(`[INPUT-06] control characters: ${checked} requests, ${failures.length} failures\n`);
    expect(failures.slice(0, 25), `${failures.length} failing requests`).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
