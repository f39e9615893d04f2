import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, type Actor, type MatrixRow } from '../../../../test/proof/authz-matrix.table.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';
import { createTrip, day, loadCatalogue, setRole } from '../trips.fixtures.ts';

/**
 * TRIP-11..13: the permission table of docs/trips-permissions.md is the one the server keeps.
 * Every route × role of it is called by the authorization matrix (test/proof/authz-matrix.test.ts,
 * which also checks that a non-member learns nothing: the same 404 'Trip not found' as for a trip
 * that does not exist); here the written table is held to the matrix's cells, both ways, and to
 * the routes the API registers, so neither the page nor the calls drift from the other.
 */

const DOC = new URL('../../../../../../docs/trips-permissions.md', import.meta.url);
/** The table's caller columns, and the matrix actor that plays each. */
const COLUMNS = ['admin', 'member', 'driver', 'guide', 'guest', 'other', 'viewer', 'non-member'] as const;
const ACTOR_OF = Object.fromEntries(
  COLUMNS.map((column) => [column, column === 'non-member' ? 'stranger' : column]),
) as Record<(typeof COLUMNS)[number], Actor>;
const FOOTNOTE = /[⁰¹²³⁴⁵⁶⁷⁸⁹]/g;

interface DocRow {
  /** The row's first cell, as written. */
  label: string;
  /** "METHOD /api/path/:_" — path parameters blanked, as `routeKey` makes them. */
  route: string;
  cells: string[];
}

/** A route with its parameters blanked: "{itemId}" and ":itemId" alike become ":_". */
function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}|:\w+/g, ':_')}`;
}

function docTable(): DocRow[] {
  const rows: DocRow[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\S+)/.exec((cells[1] ?? '').replace('{own id}', '{userId}'));
    if (!line.startsWith('| ') || !match) continue;
    rows.push({
      label: cells[1] ?? '',
      route: routeKey(match[1] ?? '', `/api${match[2] ?? ''}`),
      cells: cells.slice(2, 2 + COLUMNS.length),
    });
  }
  return rows;
}

/**
 * Whether a status agrees with a cell: ✓ is a success, 403 and 404 themselves. A footnote marks a
 * right with a condition (one's own entries, not the last admin): a refusal for that reason agrees.
 */
function agrees(cell: string, status: number | undefined): boolean {
  if (status === undefined) return false;
  const bare = cell.replace(FOOTNOTE, '');
  if (bare === '✓') return status < 300 || (bare !== cell && (status === 403 || status === 409));
  return status === Number(bare);
}

const matrixKey = (row: MatrixRow) => {
  const [method = '', path = ''] = row.route.split(' ');
  return routeKey(method, path);
};

function rowAgrees(doc: DocRow, row: MatrixRow): boolean {
  return COLUMNS.every((column, index) => agrees(doc.cells[index] ?? '', row.expected[ACTOR_OF[column]]));
}

const describeRow = (row: MatrixRow) =>
  `${row.route}${row.variant ? ` (${row.variant})` : ''}: ${COLUMNS.map((c) => row.expected[ACTOR_OF[c]]).join(' ')}`;

describe('trip permissions: docs/trips-permissions.md', () => {
  const table = docTable();
  const documented = new Set(table.map((row) => row.route));
  const matrixRows = MATRIX.filter((row) => documented.has(matrixKey(row)));

  it('[TRIP-13] the table lists every trip route of the OpenAPI document', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      // The money of a trip (tag "money", expenses module) lives under the trip's path too; its
      // route × role table is the authorization matrix's alone.
      const registered = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/core/trips'))
        .flatMap(([path, methods]) =>
          Object.entries(methods)
            .filter(([, operation]) => !(operation as { tags?: string[] }).tags?.includes('money'))
            .map(([method]) => routeKey(method.toUpperCase(), `/api${path}`)),
        );
      // Not about one trip: list, upcoming, create, and the public feed (its token is the key).
      const outside = ['GET /core/trips', 'GET /core/trips/upcoming', 'POST /core/trips'].map((route) =>
        routeKey(route.split(' ')[0] ?? '', `/api${route.split(' ')[1] ?? ''}`),
      );
      outside.push(routeKey('GET', '/api/core/trips/calendar-feed/{token}'));
      expect([...documented, ...outside].sort()).toEqual([...new Set(registered)].sort());
    } finally {
      await t.close();
    }
  });

  it('[TRIP-13] each row of the table is what the authorization matrix gets from the server', () => {
    expect(table.length).toBeGreaterThan(40);
    const unmatched = table.filter(
      (doc) => !matrixRows.some((row) => matrixKey(row) === doc.route && rowAgrees(doc, row)),
    );
    expect(
      unmatched.map((doc) => `${doc.label}: ${doc.cells.join(' ')}`),
      'rows no matrix row of the route agrees with',
    ).toEqual([]);
  });

  it('[TRIP-13] each matrix row of a documented route agrees with a row of the table, and refuses the signed-out', () => {
    const unmatched = matrixRows.filter(
      (row) => !table.some((doc) => doc.route === matrixKey(row) && rowAgrees(doc, row)),
    );
    expect(unmatched.map(describeRow), 'matrix rows the table does not say').toEqual([]);
    expect(matrixRows.filter((row) => row.expected.anonymous !== 401).map(describeRow)).toEqual([]);
  });

  it('[TRIP-13] the checks hold the table to its cells: a changed cell is caught', () => {
    const patch = table.find((doc) => doc.label.startsWith('POST /core/trips/{id}/places'));
    if (!patch) throw new Error('the table has no row for adding a place');
    const guestColumn = COLUMNS.indexOf('guest');
    const loosened = { ...patch, cells: patch.cells.map((cell, i) => (i === guestColumn ? '✓' : cell)) };
    const row = matrixRows.find((r) => matrixKey(r) === patch.route);
    if (!row) throw new Error('the matrix has no row for adding a place');
    expect(rowAgrees(patch, row)).toBe(true);
    expect(rowAgrees(loosened, row)).toBe(false);
  });
});

describe('trip permissions: a refused write', () => {
  let t: TestApp;
  let admin: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { name: 'Ana' });
    guest = await createUser(t, { name: 'Gil' });
    await addCrewPair(t.database.db, admin.id, guest.id);
  });
  afterAll(() => t.close());

  it("[TRIP-12] a refused write changes nothing: a guest's PATCH leaves the trip as it was", async () => {
    const c = await loadCatalogue(t);
    const tripId = await createTrip(t, admin, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(3),
      featureIds: [],
      members: [guest.id],
    });
    await setRole(t, admin, tripId, guest.id, 'guest');
    const url = `/api/core/trips/${tripId}`;
    const before = await t.request({ method: 'GET', url, token: admin.accessToken });
    const res = await t.request({
      method: 'PATCH',
      url: `/api/core/trips/update/${tripId}`,
      token: guest.accessToken,
      payload: { tripName: 'Hijacked', startDate: day(10), endDate: day(11) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/read-only/);
    const after = await t.request({ method: 'GET', url, token: admin.accessToken });
    expect(after.json()).toEqual(before.json());
  });
});
