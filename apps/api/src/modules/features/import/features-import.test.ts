import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import type { Place } from '@tripcrew/contracts/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { categoryTaxonomy } from '../../categories/categories.data.ts';
import { createCatalogueCache, createPlacesService } from '../../places/index.ts';
import {
  featureRows,
  ImportFileError,
  parseGeoJson,
  pointOf,
  type PlaceRow,
} from './features-import-rows.ts';
import { mappedCategoryNames, mapTags } from './features-import-tags.ts';
import {
  findImportPlace,
  importFeatures,
  type ImportProgress,
  type ImportReport,
} from './features-import.ts';

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('../../../../test/fixtures/lisbon-osm.geojson', import.meta.url));
const cli = join(root, 'apps/api/src/modules/features/import/import-features.ts');
const fixtureText = readFileSync(fixture, 'utf8');
const VALID_ROWS = 9;

describe('[DATA-09] features importer: tag mapping and geometry', () => {
  it('[DATA-09] maps OpenStreetMap tags to taxonomy categories and models', () => {
    expect(mapTags({ tourism: 'museum', museum: 'art' })).toMatchObject({
      categories: ['museums and culture', 'art museums'],
      model: 'places',
    });
    expect(mapTags({ tourism: 'museum' })?.categories).toEqual(['museums and culture', 'history museums']);
    expect(mapTags({ amenity: 'restaurant' })).toMatchObject({
      categories: ['food and drink', 'restaurants'],
      model: 'restaurants',
    });
    expect(mapTags({ amenity: 'pub' })?.categories).toEqual(['nightlife', 'bars']);
    expect(mapTags({ shop: 'books' })).toMatchObject({ categories: ['shopping'], model: 'shops' });
    expect(mapTags({ leisure: 'spa' })?.categories).toEqual(['wellness', 'spas']);
    expect(mapTags({ historic: 'castle', tourism: 'attraction' })?.categories).toEqual([
      'sights',
      'historic sites',
      'landmarks',
    ]);
    expect(mapTags({ highway: 'bus_stop' })).toBeUndefined();
    const known = new Set(categoryTaxonomy.flatMap((c) => [c.title, ...c.subcategories]));
    for (const name of mappedCategoryNames()) expect(known, name).toContain(name);
  });

  it('[DATA-09] takes a Point as is and the centroid of a Polygon', () => {
    expect(pointOf({ type: 'Point', coordinates: [-9.14, 38.71] })).toEqual({ lng: -9.14, lat: 38.71 });
    const square = pointOf({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    });
    expect(square).toEqual({ lng: 1, lat: 1 });
    expect(pointOf(null)).toEqual({ error: 'no geometry' });
    expect(pointOf({ type: 'LineString', coordinates: [] })).toHaveProperty('error');
  });

  it('[DATA-09] a file that is not a GeoJSON FeatureCollection is refused as a whole', () => {
    expect(() => parseGeoJson('{ nope')).toThrow(ImportFileError);
    expect(() => featureRows({ type: 'Feature' })).toThrow(/FeatureCollection/);
    expect(() => featureRows({ type: 'FeatureCollection' })).toThrow(/features/);
  });
});

describe('[DATA-09] features importer on a real database', () => {
  let t: TestApp;
  let lisbon: PlaceRow;
  let first: ImportReport;
  const progress: ImportProgress[] = [];
  const search = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/core/features/search/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FeatureSearchResponse;
  };
  /** Every feature of the query, page by page (a page has at most 50). */
  const everyPage = async (query: string) => {
    const all: FeatureSearchResponse['data'] = [];
    for (let skip = 0, total = Infinity; skip < total; skip += 50) {
      const page = await search(`${query}&skip=${skip}&limit=50`);
      total = page.total;
      all.push(...page.data);
    }
    return all;
  };
  const osmFeatures = async () =>
    (await everyPage(`placeId=${lisbon.id}`)).filter((f) => f.image.original.includes('/osm-'));

  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_CHECK_MS: '0' });
    const places = createPlacesService({ db: t.database.db, cache: createCatalogueCache(t.database.db) });
    const found = await findImportPlace(places, 'Lisbon');
    if (!found) throw new Error('Lisbon is not seeded');
    lisbon = found;
    first = await importFeatures(t.database.db, fixtureText, lisbon, {
      onProgress: (p) => progress.push(p),
    });
  });
  afterAll(() => t.close());

  it('[DATA-09] finds the place by title, title and country, or id; an unknown place is undefined', async () => {
    const places = createPlacesService({ db: t.database.db, cache: createCatalogueCache(t.database.db) });
    expect(lisbon).toMatchObject({ title: 'Lisbon', type: 'City', countryCode: 'PT' });
    expect((await findImportPlace(places, 'Lisbon, Portugal'))?.id).toBe(lisbon.id);
    expect((await findImportPlace(places, lisbon.id))?.id).toBe(lisbon.id);
    expect(await findImportPlace(places, 'Atlantis Under The Sea')).toBeUndefined();
  });

  it('[DATA-09] imports the valid rows and reports every rejected row with its reason', () => {
    // On a shared PostgreSQL database an earlier run may have imported them already.
    expect(first.imported + first.updated).toBe(VALID_ROWS);
    expect(first.total).toBe(13);
    expect(first.rejected.map((r) => [r.row, r.key, r.name])).toEqual([
      [10, 'osm-node-4403826489', undefined],
      [11, 'osm-way-44040011', 'Museu de Lisboa - Palácio Pimenta'],
      [12, 'osm-node-1867354052', 'Praça do Comércio'],
      [13, 'osm-node-2376574470', 'Livraria Lello'],
    ]);
    const reasons = first.rejected.map((r) => r.reason);
    expect(reasons[0]).toBe('missing name');
    expect(reasons[1]).toBe('no geometry');
    expect(reasons[2]).toMatch(/^unmapped tags \(highway=bus_stop, public_transport=platform\)$/);
    expect(reasons[3]).toMatch(
      /^too far from Lisbon: 2\d\d km from its centre \(at most 60 km for a city\)$/,
    );
    expect(progress[0]).toEqual({ done: 0, total: 13 });
    expect(progress.at(-1)).toEqual({ done: 13, total: 13 });
  });

  it('[DATA-09] imported rows appear in GET /api/core/features/search with categories, address and description', async () => {
    const imported = await osmFeatures();
    expect(imported).toHaveLength(VALID_ROWS);
    const byTitle = new Map(imported.map((f) => [f.title, f]));
    const gulbenkian = byTitle.get('Museu Calouste Gulbenkian') as Feature;
    expect(gulbenkian).toMatchObject({
      address: 'Avenida de Berna 45A, 1067-001 Lisboa',
      categoryId: ['museums and culture', 'art museums'],
      model: 'places',
      placeId: lisbon.id,
      rank: null,
      image: { original: '/api/core/images/feature/osm-way-30308406.svg' },
    });
    expect(gulbenkian.description).toBe('An art museum on Avenida de Berna in Lisbon.');
    // The centroid of the building's outline.
    expect(gulbenkian.coordinates?.lat).toBeCloseTo(38.7372, 4);
    expect(gulbenkian.coordinates?.lng).toBeCloseTo(-9.1545, 4);
    expect(byTitle.get('Time Out Market Lisboa')).toMatchObject({
      categoryId: ['food and drink', 'food markets'],
      model: 'restaurants',
      description: expect.stringMatching(/^Food hall in the Mercado da Ribeira/) as string,
    });
    expect(byTitle.get('Jardim da Estrela')?.categoryId).toEqual(['nature and outdoors', 'parks']);
    expect(byTitle.get('Livraria Bertrand')?.model).toBe('shops');
    expect(byTitle.get('Sé de Lisboa')?.categoryId).toEqual(['sights', 'religious sites', 'historic sites']);
    const cafes = await everyPage(`placeId=${lisbon.id}&categories=cafes`);
    expect(cafes.map((f) => f.title)).toContain('A Brasileira');
    const family = await everyPage(`placeId=${lisbon.id}&categories=family`);
    expect(family.map((f) => f.title)).toContain('Oceanário de Lisboa');
  });

  it('[FACTS-03] the importer keeps opening_hours (when it parses, with its check date), website, phone, cuisine, wikidata and fee/charge', async () => {
    const byTitle = new Map((await osmFeatures()).map((f) => [f.title, f]));
    expect(byTitle.get('Museu Calouste Gulbenkian')).toMatchObject({
      timeZone: 'Europe/Lisbon',
      facts: {
        hours: 'We-Mo 10:00-18:00; Tu off',
        hoursChecked: { month: '2026-05', source: 'OpenStreetMap' },
        website: 'https://gulbenkian.pt',
        phone: '+351 21 782 3000',
        ticketPrice: { amount: 10, currency: 'EUR' },
        osmId: 'way/30308406',
        wikidataId: 'Q1054284',
      },
    });
    expect(byTitle.get('Jardim da Estrela')?.facts).toMatchObject({
      priceLevel: 'free',
      hours: 'Mo-Su 07:00-24:00',
      // Without a check date, the month of the import.
      hoursChecked: { month: new Date().toISOString().slice(0, 7), source: 'OpenStreetMap' },
    });
    // Hours that do not parse are left out; the rest of the row is kept.
    expect(byTitle.get('Time Out Market Lisboa')?.facts).toMatchObject({
      hours: null,
      hoursChecked: null,
      cuisine: 'portuguese;international',
    });
  });

  it('[DATA-09] importing the same file again changes nothing: no duplicates, every row counted as updated', async () => {
    const before = await search(`placeId=${lisbon.id}&limit=1`);
    const placeBefore = (
      await t.request({ method: 'GET', url: `/api/core/places/place/${lisbon.id}` })
    ).json() as Place;
    const again = await importFeatures(t.database.db, JSON.parse(fixtureText) as unknown, lisbon);
    expect(again).toMatchObject({ imported: 0, updated: VALID_ROWS, unchanged: VALID_ROWS });
    expect(again.rejected).toEqual(first.rejected);
    expect((await search(`placeId=${lisbon.id}&limit=1`)).total).toBe(before.total);
    expect(await osmFeatures()).toHaveLength(VALID_ROWS);
    const placeAfter = (
      await t.request({ method: 'GET', url: `/api/core/places/place/${lisbon.id}` })
    ).json() as Place;
    expect(placeAfter.featureCount).toBe(placeBefore.featureCount);
  });

  it('[DATA-09] a changed row is updated in place; a duplicate id in one file is rejected', async () => {
    const collection = JSON.parse(fixtureText) as { features: { properties: Record<string, string> }[] };
    const cafe = collection.features[3]!;
    cafe.properties.description = 'Art-deco café of 1905 with a bronze Pessoa at its terrace.';
    collection.features.push(structuredClone(cafe));
    const report = await importFeatures(t.database.db, collection, lisbon);
    expect(report).toMatchObject({ imported: 0, updated: VALID_ROWS, unchanged: VALID_ROWS - 1 });
    expect(report.rejected.at(-1)).toMatchObject({
      row: 14,
      reason: 'duplicate of row 4 (same id osm-node-1521587766)',
    });
    const brasileira = (await osmFeatures()).find((f) => f.title === 'A Brasileira');
    expect(brasileira?.description).toMatch(/^Art-deco café/);
    // Back to the fixture's content, so that other runs on a shared database start the same.
    await importFeatures(t.database.db, fixtureText, lisbon);
  });
});

function run(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  // The CLI gets its own embedded database in DATA_DIR.
  delete childEnv.DATABASE_URL;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

// The command gets its own embedded database whatever DATABASE_URL says: the PostgreSQL pass of
// CI would repeat it unchanged.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  '[DATA-09] npm run import:features (the real command)',
  () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-import-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = () => ({ DATA_DIR: dataDir, SEED_PLACES: 'curated', SEED_DEMO: 'false' });

    it('[DATA-09] imports the fixture into a fresh database, prints the report and a final progress line, exits 0', async () => {
      const { code, stdout, stderr } = await run([fixture, '--place', 'Lisbon'], env());
      expect(code, stderr).toBe(0);
      expect(stderr.trim()).toBe('[##############################] 13/13 rows 100%');
      expect(stdout).toContain('Rejected rows (4):');
      expect(stdout).toContain('row 10 osm-node-4403826489: missing name');
      expect(stdout).toContain('row 11 "Museu de Lisboa - Palácio Pimenta" osm-way-44040011: no geometry');
      expect(stdout).toMatch(/row 12 "Praça do Comércio" osm-node-1867354052: unmapped tags/);
      expect(stdout).toMatch(/row 13 "Livraria Lello" osm-node-2376574470: too far from Lisbon/);
      expect(stdout).toMatch(
        /Lisbon \(City, [0-9a-f-]{36}\): 13 rows; imported 9, updated 0 \(0 unchanged\), rejected 4\n$/,
      );

      const again = await run([fixture, '--place', 'Lisbon, Portugal'], env());
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/imported 0, updated 9 \(9 unchanged\), rejected 4\n$/);
    }, 180_000);

    it('[DATA-09] a bad file or an unknown place exits 1 with one clear line', async () => {
      const bad = join(dataDir, 'bad.geojson');
      writeFileSync(bad, '{"type": "Feature"}');
      const badFile = await run([bad, '--place', 'Lisbon'], env());
      expect(badFile.code).toBe(1);
      expect(badFile.stderr).toBe(
        `import:features: ${bad} is not a GeoJSON FeatureCollection (expected "type": "FeatureCollection")\n`,
      );
      const missing = await run([join(dataDir, 'nope.geojson'), '--place', 'Lisbon'], env());
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^import:features: cannot read .*nope\.geojson \(ENOENT\)\n$/);
      const usage = await run([fixture], env());
      expect(usage.code).toBe(1);
      expect(usage.stderr).toMatch(
        /^import:features: Usage: npm run import:features -- <file.geojson> --place/,
      );
      const unknown = await run([fixture, '--place', 'Atlantis Under The Sea'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe(
        'import:features: no place "Atlantis Under The Sea" is known (give a place id or a title such as "Lisbon" or "Lisbon, Portugal")\n',
      );
      expect(unknown.stdout).toBe('');
    }, 180_000);
  },
);
