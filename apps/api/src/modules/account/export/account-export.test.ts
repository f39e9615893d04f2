import {
  EXPORT_JSON_NAME,
  EXPORT_SCHEMA_NAME,
  exportArchiveJsonSchema,
  exportArchiveSchema,
  type AccountExport,
  type ExportArchive,
  type LatestExportResponse,
} from '@tripcrew/contracts/account-export';
import type { Notification } from '@tripcrew/contracts/notifications';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import Ajv2020 from 'ajv/dist/2020.js';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { apiCaller, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { forBlock, useTestApp } from '../../../../test/helpers/test-app.ts';
import { crewPair } from '../../crew/crew.fixtures.ts';
import { equalSplit, expenseBody } from '../../expenses/expenses.fixtures.ts';
import { createTrip, day, getPlanner, loadCatalogue } from '../../trips/trips.fixtures.ts';
import { users } from '../../users/users.table.ts';
import { accountExports } from './account-export.table.ts';

/** "Download my data" (issues 22 and 35): jobs, the archive and its schema, downloads until expiry. */

describe('account data export', () => {
  const t = useTestApp();
  const call = apiCaller(t);
  const catalogue = forBlock(() => loadCatalogue(t));

  const latest = async (user: TestUser) =>
    (await expectJson<LatestExportResponse>(call(user, 'GET', '/account/exports/latest'))).export;

  /** Polls the latest export until it is ready (or failed), for at most 20 s. */
  async function waitUntilPrepared(user: TestUser): Promise<AccountExport> {
    return vi.waitFor(
      async () => {
        const current = await latest(user);
        if (current && (current.status === 'ready' || current.status === 'failed')) return current;
        throw new Error(`export still ${current?.status}`);
      },
      { timeout: 20_000, interval: 25 },
    );
  }

  async function prepare(user: TestUser): Promise<AccountExport> {
    const started = await expectJson<AccountExport>(call(user, 'POST', '/account/exports'), 201);
    expect(['queued', 'running']).toContain(started.status);
    const ready = await waitUntilPrepared(user);
    expect(ready.status).toBe('ready');
    expect(ready.id).toBe(started.id);
    return ready;
  }

  async function download(user: TestUser, id: string) {
    return t.request({ method: 'GET', url: `/api/account/exports/${id}/download`, token: user.accessToken });
  }

  function unzip(body: Buffer): {
    archive: ExportArchive;
    schema: unknown;
    entries: Record<string, Uint8Array>;
  } {
    const entries = unzipSync(new Uint8Array(body));
    const json = entries[EXPORT_JSON_NAME];
    const schema = entries[EXPORT_SCHEMA_NAME];
    if (!json || !schema) throw new Error(`the archive lacks ${EXPORT_JSON_NAME} or ${EXPORT_SCHEMA_NAME}`);
    return {
      archive: JSON.parse(strFromU8(json)) as ExportArchive,
      schema: JSON.parse(strFromU8(schema)),
      entries,
    };
  }

  /** Plants a record through the API: any 2xx answer. */
  async function planted(response: Promise<{ statusCode: number; body: string }>): Promise<void> {
    const res = await response;
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  it('[EXPORT-01] the archive validates against its schema and holds every planted record, and no secret', async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const cy = await createUser(t, { name: 'Cy', lastName: 'Stranger' });
    const { lisbon, lisbonFeatures } = catalogue;
    const feature = lisbonFeatures[0];
    if (!feature) throw new Error('no Lisbon feature');

    // A trip with a planner note, a checklist entry, a packing item and a trip-chat message by Ana.
    const tripId = await createTrip(t, ana, { placeId: lisbon._id, members: [bo.id] });
    await planted(call(ana, 'PATCH', `/core/trips/update/${tripId}`, { tripName: 'Export Lisbon Weekend' }));
    await planted(
      call(ana, 'POST', `/core/trips/${tripId}/planner/notes`, { text: 'Planted note: tram 28 early' }),
    );
    await planted(call(ana, 'PUT', `/core/trips/${tripId}/checklist`, { entries: ['Planted passport'] }));
    await planted(call(ana, 'POST', `/core/trips/${tripId}/packing`, { text: 'Planted sunscreen' }));
    await planted(
      call(ana, 'POST', `/core/trips/${tripId}/places`, {
        name: 'Planted flat',
        link: 'geo:38.7118,-9.1303',
        phone: '+351 21 000 0000',
      }),
    );
    await planted(
      call(ana, 'POST', `/core/trips/${tripId}/bookings`, {
        kind: 'train',
        title: 'Planted train to Porto',
        confirmationCode: 'PLANTED-CP',
        travellers: [ana.id],
        start: { local: '2031-03-01T09:00', place: { name: 'Santa Apolónia', lat: 38.7137, lng: -9.1228 } },
        end: { local: '2031-03-01T11:49', place: { name: 'Porto Campanhã', lat: 41.1486, lng: -8.5855 } },
      }),
    );
    await planted(
      call(ana, 'POST', `/core/trips/${tripId}/chat/messages`, { text: 'Planted trip chat hello' }),
    );
    // An expense Ana paid and shares with Bo.
    await planted(
      call(
        ana,
        'POST',
        `/core/trips/${tripId}/expenses`,
        expenseBody(ana.id, { title: 'Planted dinner', amount: '30', split: equalSplit(ana.id, bo.id) }),
      ),
    );
    // A direct message both ways, a wishlist list with a feature, a crew request (and its notification).
    await planted(call(ana, 'POST', `/users/messages/direct/${bo.id}`, { text: 'Planted DM to Bo' }));
    await planted(call(bo, 'POST', `/users/messages/direct/${ana.id}`, { text: 'Planted DM to Ana' }));
    await planted(call(ana, 'POST', '/core/wishlist/lists', { name: 'Planted list' }));
    await planted(call(ana, 'POST', '/core/wishlist', { featureId: feature._id, listname: 'Planted list' }));
    await planted(call(cy, 'POST', '/users/crew/crew-request', { userId: ana.id }));
    const notes = await expectJson<Notification[]>(call(ana, 'GET', '/users/notifications'));
    expect(notes.length).toBeGreaterThan(0);
    // An avatar.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await planted(
      t.request({
        method: 'POST',
        url: '/api/assets/upload/avatar',
        token: ana.accessToken,
        ...multipartBody([{ field: 'file', filename: 'me.png', contentType: 'image/png', data: png }]),
      }),
    );

    const ready = await prepare(ana);
    expect(ready.progress).toBe(100);
    expect(ready.size).toBeGreaterThan(0);
    expect(ready.expiresAt).not.toBeNull();
    const res = await download(ana, ready.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tripcrew-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { archive, schema, entries } = unzip(res.rawPayload);

    // The JSON is valid by the zod schema and by the bundled JSON Schema, which is the generated one.
    expect(exportArchiveSchema.safeParse(archive).success).toBe(true);
    expect(schema).toEqual(exportArchiveJsonSchema());
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(schema as object);
    expect(validate(archive), JSON.stringify(validate.errors)).toBe(true);
    // A tampered archive fails the bundled schema (it really checks).
    expect(validate({ ...archive, trips: 'nope' })).toBe(false);

    expect(archive.schemaVersion).toBe(7);
    expect(archive.expenses).toEqual([
      expect.objectContaining({
        tripId,
        title: 'Planted dinner',
        amount: '30.00',
        currency: 'EUR',
        paidByMe: true,
        myShare: '15.00',
        createdByMe: true,
      }),
    ]);
    expect(archive.user).toMatchObject({ id: ana.id, email: ana.email, name: 'Ana', lastName: 'Silva' });
    expect(archive.crew.members.map((m) => m.id)).toEqual([bo.id]);
    expect(archive.crew.requestsReceived.map((r) => r.from.id)).toEqual([cy.id]);
    const trip = archive.trips.find((x) => x.id === tripId);
    expect(trip).toMatchObject({ name: 'Export Lisbon Weekend', role: 'admin', createdByMe: true });
    expect(trip?.place?.id).toBe(lisbon._id);
    expect(trip?.plannerNotes.map((n) => n.text)).toContain('Planted note: tram 28 early');
    expect(trip?.checklist).toEqual(['Planted passport']);
    expect(trip?.packingItems.map((p) => p.text)).toEqual(['Planted sunscreen']);
    expect(trip?.places).toEqual([
      expect.objectContaining({
        name: 'Planted flat',
        coordinates: { lat: 38.7118, lng: -9.1303 },
        phone: '+351 21 000 0000',
        addedByMe: true,
      }),
    ]);
    expect(trip?.bookings).toEqual([
      expect.objectContaining({
        kind: 'train',
        title: 'Planted train to Porto',
        confirmationCode: 'PLANTED-CP',
        start: expect.objectContaining({ local: '2031-03-01T09:00', zone: 'Europe/Lisbon' }),
        travellingMe: true,
        addedByMe: true,
      }),
    ]);
    expect(archive.messages.trips.map((m) => [m.tripId, m.text])).toEqual([
      [tripId, 'Planted trip chat hello'],
    ]);
    const conversation = archive.messages.direct.find((c) => c.with?.id === bo.id);
    expect(conversation?.messages.map((m) => [m.fromMe, m.text])).toEqual([
      [true, 'Planted DM to Bo'],
      [false, 'Planted DM to Ana'],
    ]);
    const list = archive.wishlists.find((l) => l.name === 'Planted list');
    expect(list?.items.map((i) => [i.featureId, i.name])).toEqual([[feature._id, feature.title]]);
    for (const planted of notes) {
      expect(archive.notifications.find((n) => n.id === planted._id)).toMatchObject({ kind: planted.kind });
    }
    expect(archive.notifications.some((n) => n.userId === cy.id)).toBe(true);
    expect(archive.notificationSettings.trips.inApp).toBe(true);
    expect(archive.sessions.length).toBeGreaterThan(0);
    expect(archive.sessions[0]?.endedAt).toBeNull();
    // The avatar's two files, indexed and inside the ZIP.
    expect(archive.user.avatar).toEqual({
      original: 'files/avatar-original.webp',
      thumbnail: 'files/avatar-thumbnail.webp',
    });
    for (const file of archive.files) {
      expect(entries[file.path]?.length, file.path).toBe(file.size);
    }
    expect(archive.files.map((f) => f.kind).sort()).toEqual(['avatar-original', 'avatar-thumbnail']);
    expect((await sharp(Buffer.from(entries['files/avatar-thumbnail.webp'] ?? [])).metadata()).width).toBe(
      128,
    );

    // Nothing secret: no password hash, refresh token (or hash of one), nor a hashed anything.
    const text = strFromU8(entries[EXPORT_JSON_NAME] ?? new Uint8Array());
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row?.passwordHash).toBeTruthy();
    expect(text).not.toContain(row?.passwordHash ?? 'no hash');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(ana.refreshToken);
    expect(text).not.toContain(ana.accessToken);
    expect(text).not.toMatch(/hash|secret|totp|password/i);
  });

  it("[EXPORT-10] each trip's itinerary is in the archive as its planner shows it: days, stops in order, times, notes and the tray", async () => {
    const [ana, bo] = await crewPair(t, ['Ana', 'Bo']);
    const { lisbon, lisbonFeatures } = catalogue;
    const [first, second, third] = lisbonFeatures;
    if (!first || !second || !third) throw new Error('fewer than three Lisbon features');
    // Ana's own trip, planned over two days, and Bo's trip Ana is a member of, left unplanned.
    const own = await createTrip(t, ana, {
      placeId: lisbon._id,
      startDate: day(3),
      endDate: day(4),
      featureIds: [first._id, second._id, third._id],
    });
    const others = await createTrip(t, bo, {
      placeId: lisbon._id,
      members: [ana.id],
      featureIds: [first._id],
    });
    // Bo's trip also has a place of its own: in its tray after the feature.
    await planted(
      call(bo, 'POST', `/core/trips/${others}/places`, { name: "Bo's flat", lat: 38.71, lng: -9.13 }),
    );
    const itemOf = (planner: Planner, featureId: string): PlannerItem => {
      const item = planner.tray.find((i) => i.feature?._id === featureId);
      if (!item) throw new Error(`feature ${featureId} is not in the tray`);
      return item;
    };
    const tray = await getPlanner(t, ana, own);
    const move = (itemId: string, date: string, index: number) =>
      planted(call(ana, 'POST', `/core/trips/${own}/planner/items/${itemId}/move`, { date, index }));
    await move(itemOf(tray, second._id)._id, day(3), 0);
    await move(itemOf(tray, first._id)._id, day(3), 1);
    await planted(
      call(ana, 'PATCH', `/core/trips/${own}/planner/items/${itemOf(tray, first._id)._id}`, {
        time: '07:40',
      }),
    );
    await planted(
      call(ana, 'POST', `/core/trips/${own}/planner/notes`, {
        date: day(4),
        text: 'Train to Sintra',
        time: '09:15',
      }),
    );

    const ready = await prepare(ana);
    const res = await download(ana, ready.id);
    expect(res.statusCode, res.body).toBe(200);
    const { archive } = unzip(res.rawPayload);
    expect(exportArchiveSchema.safeParse(archive).success).toBe(true);

    // Checked against the planner each member sees, trip by trip.
    const stop = (item: PlannerItem) => ({
      id: item._id,
      kind: item.kind,
      feature: item.feature
        ? {
            id: item.feature._id,
            title: item.feature.title,
            address: item.feature.address,
            coordinates: item.feature.coordinates,
          }
        : null,
      place: item.place
        ? {
            id: item.place._id,
            name: item.place.name,
            address: item.place.address,
            coordinates: item.place.coordinates,
          }
        : null,
      text: item.kind === 'note' ? item.text : null,
      time: item.time,
    });
    for (const tripId of [own, others]) {
      const planner = await getPlanner(t, ana, tripId);
      const exported = archive.trips.find((trip) => trip.id === tripId);
      expect(exported?.itinerary).toEqual({
        days: planner.days.map((d) => ({ date: d.date, stops: d.items.map(stop) })),
        tray: planner.tray.map(stop),
      });
    }
    // And in words: day one holds the second feature, then the first at 07:40; day two the note.
    const plan = archive.trips.find((trip) => trip.id === own)?.itinerary;
    expect(plan?.days.map((d) => d.date)).toEqual([day(3), day(4)]);
    expect(plan?.days[0]?.stops.map((s) => [s.feature?.title, s.time])).toEqual([
      [second.title, null],
      [first.title, '07:40'],
    ]);
    expect(plan?.days[1]?.stops).toEqual([
      expect.objectContaining({ kind: 'note', feature: null, text: 'Train to Sintra', time: '09:15' }),
    ]);
    expect(plan?.tray.map((s) => s.feature?.id)).toEqual([third._id]);
    const unplanned = archive.trips.find((trip) => trip.id === others)?.itinerary;
    expect(unplanned?.tray.map((s) => [s.kind, s.feature?.id ?? s.place?.name])).toEqual([
      ['feature', first._id],
      ['place', "Bo's flat"],
    ]);
    // [HISTORY-13] The changes Ana made are in her archive, oldest first; Bo's trip has none of hers.
    const mine = archive.trips.find((trip) => trip.id === own)?.history ?? [];
    expect(mine.map((entry) => [entry.kind, entry.action, entry.label])).toEqual([
      ['planner-item', 'moved', second.title],
      ['planner-item', 'moved', first.title],
      ['planner-item', 'changed', first.title],
      ['planner-item', 'added', 'Train to Sintra'],
    ]);
    expect(mine[2]).toMatchObject({ fields: ['time'], before: { time: null }, after: { time: '07:40' } });
    expect(archive.trips.find((trip) => trip.id === others)?.history).toEqual([]);
  });

  it('[EXPORT-02] a ready archive can be downloaded again until it expires: the same bytes each time, the last download noted', async () => {
    const ana = await createUser(t);
    const ready = await prepare(ana);
    expect(ready.downloadedAt).toBeNull();
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(row?.storageKey).toMatch(/^exports\/[a-z0-9]+\.zip$/);
    const first = await download(ana, ready.id);
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await latest(ana);
    expect(afterFirst).toMatchObject({ id: ready.id, status: 'ready' });
    expect(afterFirst?.downloadedAt).not.toBeNull();
    const second = await download(ana, ready.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    const [kept] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(kept?.storageKey).toBe(row?.storageKey);
    // An archive taken under the former download-once rule stays gone.
    await t.database.db
      .update(accountExports)
      .set({ status: 'downloaded' })
      .where(eq(accountExports.id, ready.id));
    const old = await download(ana, ready.id);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toMatchObject({ code: 'GONE', message: expect.stringMatching(/downloaded already/) });
  });

  it("[EXPORT-03] another user's export is 404 (status and download), and a malformed id 404 too", async () => {
    const ana = await createUser(t);
    const eve = await createUser(t);
    const ready = await prepare(ana);
    await expectStatus(download(eve, ready.id), 404);
    await expectStatus(call(eve, 'GET', `/account/exports/${ready.id}`), 404);
    await expectStatus(call(eve, 'GET', '/account/exports/not-an-id'), 404);
    expect(await latest(eve)).toBeNull();
    // Ana still can.
    await expectStatus(download(ana, ready.id), 200);
    await expectStatus(call(null, 'GET', '/account/exports/latest'), 401);
  });

  it('[EXPORT-04] after expiry the download is 410, the status says expired and the sweep deletes the file', async () => {
    const ana = await createUser(t);
    const ready = await prepare(ana);
    await t.database.db
      .update(accountExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountExports.id, ready.id));
    expect(await latest(ana)).toMatchObject({ id: ready.id, status: 'expired' });
    const res = await download(ana, ready.id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/expired/) });
    const { createAccountExportService } = await import('./account-export.service.ts');
    const { createLocalStorage } = await import('../../../platform/storage.ts');
    const { join } = await import('node:path');
    const storage = createLocalStorage(join(t.config.dataDir, 'uploads'));
    const [before] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(await storage.get(before?.storageKey ?? 'x/none.zip')).toBeDefined();
    const sweeper = createAccountExportService({ db: t.database.db, storage, log: console });
    await sweeper.sweep();
    const [after] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null });
    expect(await storage.get(before?.storageKey ?? 'x/none.zip')).toBeUndefined();
  });

  it('[EXPORT-05] one export at a time, one per hour; a failed one does not count', async () => {
    const ana = await createUser(t);
    const first = await expectJson<AccountExport>(call(ana, 'POST', '/account/exports'), 201);
    // While it is prepared, asking again answers the same job.
    const again = await call(ana, 'POST', '/account/exports');
    if (again.statusCode === 200) expect((again.json() as AccountExport).id).toBe(first.id);
    else expect(again.statusCode).toBe(429);
    const ready = await waitUntilPrepared(ana);
    expect(ready.nextAllowedAt).not.toBeNull();
    const limited = await call(ana, 'POST', '/account/exports');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'EXPORT_COOLDOWN' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // An hour later a new one may start.
    await t.database.db
      .update(accountExports)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(accountExports.id, first.id));
    expect((await latest(ana))?.nextAllowedAt).toBeNull();
    const second = await expectJson<AccountExport>(call(ana, 'POST', '/account/exports'), 201);
    expect(second.id).not.toBe(first.id);
    await waitUntilPrepared(ana);
  });

  it('[EXPORT-06] a job whose process died (left running) is failed, and the user may start again at once', async () => {
    const ana = await createUser(t);
    // As if a previous process had claimed it and then stopped.
    const [row] = await t.database.db
      .insert(accountExports)
      .values({
        userId: ana.id,
        status: 'running',
        progress: 40,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    expect(await latest(ana)).toMatchObject({ id: row?.id, status: 'failed', nextAllowedAt: null });
    await expectStatus(download(ana, row?.id ?? ''), 410);
    const ready = await prepare(ana);
    expect(ready.id).not.toBe(row?.id);
  });

  it('[EXPORT-07] a user with nothing gets a valid archive with empty lists and no files', async () => {
    const ana = await createUser(t);
    const ready = await prepare(ana);
    const { archive } = unzip((await download(ana, ready.id)).rawPayload);
    expect(exportArchiveSchema.parse(archive)).toMatchObject({
      trips: [],
      crew: { members: [], requestsSent: [], requestsReceived: [] },
      messages: { direct: [], trips: [] },
      wishlists: [],
      files: [],
      expenses: [],
      user: { avatar: null },
    });
  });
});
