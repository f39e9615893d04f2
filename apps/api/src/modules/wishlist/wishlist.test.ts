import { randomUUID } from 'node:crypto';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import type { Place } from '@tripcrew/contracts/places';
import { WISHLIST_MAX_LISTS, type WishlistItem } from '@tripcrew/contracts/wishlist';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';

interface Change {
  listname: string;
  ids: string[];
}

describe('wishlist', () => {
  const t = useTestApp();
  /** Features of the curated catalogue every test database is seeded with. */
  let features: Feature[];

  beforeAll(async () => {
    const place = await t.request({
      method: 'GET',
      url: '/api/core/places/search?country=portugal&place=lisbon',
    });
    expect(place.statusCode, place.body).toBe(200);
    const page = await t.request({
      method: 'GET',
      url: `/api/core/features/search/?placeId=${(place.json() as Place)._id}&limit=6`,
    });
    expect(page.statusCode, page.body).toBe(200);
    features = (page.json() as FeatureSearchResponse).data;
    expect(features.length).toBeGreaterThanOrEqual(4);
  });

  const f = (i: number): Feature => {
    const feature = features[i];
    if (!feature) throw new Error(`no feature ${i}`);
    return feature;
  };
  const call = apiCaller(t);
  const json = expectJson;
  const ids = (user: TestUser, listname?: string) =>
    json<string[]>(
      call(user, 'GET', `/core/wishlist/ids${listname ? `?listname=${encodeURIComponent(listname)}` : ''}`),
    );
  const names = (user: TestUser) => json<string[]>(call(user, 'GET', '/core/wishlist/listnames'));
  const add = (user: TestUser, featureId: string, listname?: string) =>
    call(user, 'POST', '/core/wishlist', { featureId, ...(listname ? { listname } : {}) });
  const createList = (user: TestUser, name: string) => call(user, 'POST', '/core/wishlist/lists', { name });

  // ------------------------------------------------------------------ reading

  describe('read', () => {
    it("[WISHLIST-01] a new user has an empty default list, and 'default' among the list names", async () => {
      const ana = await createUser(t);
      const res = await call(ana, 'GET', '/core/wishlist/ids?listname=default');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual([]);
      expect(await ids(ana)).toEqual([]);
      expect(await names(ana)).toEqual(['default']);
      expect(await json(call(ana, 'GET', '/core/wishlist/all?listname=default'))).toEqual([]);
      expect(await json(call(ana, 'GET', '/core/wishlist/all'))).toEqual([]);
      // An unknown list is empty too.
      expect(await ids(ana, 'nothing here')).toEqual([]);
      expect(await json(call(ana, 'GET', '/core/wishlist/all?listname=nothing'))).toEqual([]);
    });

    it('[WISHLIST-01] ids and items come newest first; each item carries its feature', async () => {
      const ana = await createUser(t);
      await json(add(ana, f(0)._id), 201);
      await json(add(ana, f(1)._id), 201);
      await json(add(ana, f(2)._id), 201);
      expect(await ids(ana, 'default')).toEqual([f(2)._id, f(1)._id, f(0)._id]);

      const res = await call(ana, 'GET', '/core/wishlist/all?listname=default');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const items = res.json() as WishlistItem[];
      expect(items.map((i) => i._id)).toEqual([f(2)._id, f(1)._id, f(0)._id]);
      expect(items[0]).toEqual({
        _id: f(2)._id,
        listname: 'default',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        feature: f(2),
      });
    });

    it('[WISHLIST-01] bad list names answer 400, and every route needs a signed-in user', async () => {
      const ana = await createUser(t);
      expectError(await call(ana, 'GET', '/core/wishlist/ids?listname='), 400, /Give the list a name/);
      expectError(await call(ana, 'GET', '/core/wishlist/all?listname=%20%20'), 400, /Give the list a name/);
      expectError(
        await call(ana, 'GET', `/core/wishlist/ids?listname=${'x'.repeat(41)}`),
        400,
        /at most 40 characters/,
      );
      expect((await call(ana, 'GET', '/core/wishlist/ids?other=1')).statusCode).toBe(400);
      // (Bodies are valid: Fastify validates them before the auth guard runs.)
      for (const [method, url, body] of [
        ['GET', '/core/wishlist/ids', undefined],
        ['GET', '/core/wishlist/listnames', undefined],
        ['GET', '/core/wishlist/all', undefined],
        ['POST', '/core/wishlist', { featureId: f(0)._id }],
        ['DELETE', `/wishlist/${f(0)._id}`, undefined],
        ['DELETE', `/core/wishlist/${f(0)._id}`, undefined],
        ['POST', '/core/wishlist/lists', { name: 'Summer' }],
        ['PATCH', '/core/wishlist/lists/summer', { name: 'Winter' }],
        ['DELETE', '/core/wishlist/lists/summer', undefined],
      ] as const) {
        const res = await call(null, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  // ------------------------------------------------------------------ adding and removing

  describe('add and remove', () => {
    it('[WISHLIST-02] POST /core/wishlist adds to the default list (201) and answers {listname, ids}; adding again changes nothing (200)', async () => {
      const ana = await createUser(t);
      const res = await add(ana, f(0)._id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({ listname: 'default', ids: [f(0)._id] });
      const again = await add(ana, f(0)._id, 'default');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ listname: 'default', ids: [f(0)._id] });
      expect(await ids(ana)).toEqual([f(0)._id]);
      expect(await names(ana)).toEqual(['default']);
    });

    it('[WISHLIST-02] an unknown or malformed feature id answers 404; a bad body 400', async () => {
      const ana = await createUser(t);
      expectError(await add(ana, randomUUID()), 404, /no place to visit with this id/);
      expectError(await add(ana, 'not-a-uuid'), 404, /no place to visit/);
      expect((await call(ana, 'POST', '/core/wishlist', {})).statusCode).toBe(400);
      expect((await call(ana, 'POST', '/core/wishlist', { featureId: '' })).statusCode).toBe(400);
      expect(
        (await call(ana, 'POST', '/core/wishlist', { featureId: f(0)._id, listname: '' })).statusCode,
      ).toBe(400);
      expectError(
        await call(ana, 'POST', '/core/wishlist', { featureId: f(0)._id, extra: true }),
        400,
        /Unknown body field extra/,
      );
      expect(await ids(ana)).toEqual([]);
    });

    it('[WISHLIST-02] adding to a named list that does not exist answers 404 "create it first"; once created it works', async () => {
      const ana = await createUser(t);
      expectError(await add(ana, f(0)._id, 'Summer'), 404, /no list named "Summer": create it first/);
      expect(await names(ana)).toEqual(['default']);
      await json(createList(ana, 'Summer'), 201);
      const res = await add(ana, f(0)._id, 'Summer');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ listname: 'Summer', ids: [f(0)._id] });
      expect(await ids(ana, 'Summer')).toEqual([f(0)._id]);
      // Lists are separate.
      expect(await ids(ana)).toEqual([]);
      const items = await json<WishlistItem[]>(call(ana, 'GET', '/core/wishlist/all?listname=Summer'));
      expect(items.map((i) => [i._id, i.listname])).toEqual([[f(0)._id, 'Summer']]);
    });

    it('[WISHLIST-02] DELETE /wishlist/{featureId} and DELETE /core/wishlist/{featureId} remove a feature and answer {listname, ids}', async () => {
      const ana = await createUser(t);
      await json(add(ana, f(0)._id), 201);
      await json(add(ana, f(1)._id), 201);
      await json(add(ana, f(2)._id), 201);

      const legacy = await call(ana, 'DELETE', `/wishlist/${f(1)._id}`);
      expect(legacy.statusCode, legacy.body).toBe(200);
      expect(legacy.headers['cache-control']).toBe('private, no-store');
      expect(legacy.json()).toEqual({ listname: 'default', ids: [f(2)._id, f(0)._id] });

      const core = await call(ana, 'DELETE', `/core/wishlist/${f(2)._id}?listname=default`);
      expect(core.statusCode, core.body).toBe(200);
      expect(core.json()).toEqual({ listname: 'default', ids: [f(0)._id] });
      expect(await ids(ana)).toEqual([f(0)._id]);
    });

    it('[WISHLIST-02] removing what is not on the list answers 200 with the unchanged ids', async () => {
      const ana = await createUser(t);
      await json(add(ana, f(0)._id), 201);
      for (const id of [f(3)._id, randomUUID(), 'not-a-uuid']) {
        expect(await json<Change>(call(ana, 'DELETE', `/core/wishlist/${id}`))).toEqual({
          listname: 'default',
          ids: [f(0)._id],
        });
      }
      expect(await json<Change>(call(ana, 'DELETE', `/wishlist/${f(0)._id}?listname=nolist`))).toEqual({
        listname: 'nolist',
        ids: [],
      });
      expect(await ids(ana)).toEqual([f(0)._id]);
      expect((await call(ana, 'DELETE', `/wishlist/${f(0)._id}?listname=`)).statusCode).toBe(400);
    });

    it('[WISHLIST-02] DELETE with ?listname= removes from that list only', async () => {
      const ana = await createUser(t);
      await json(createList(ana, 'Later'), 201);
      await json(add(ana, f(0)._id), 201);
      await json(add(ana, f(0)._id, 'Later'), 201);
      expect(await json<Change>(call(ana, 'DELETE', `/core/wishlist/${f(0)._id}?listname=Later`))).toEqual({
        listname: 'Later',
        ids: [],
      });
      expect(await ids(ana)).toEqual([f(0)._id]);
    });
  });

  // ------------------------------------------------------------------ named lists

  describe('named lists', () => {
    it("[WISHLIST-03] POST /core/wishlist/lists creates a list (201) and answers the names, 'default' first", async () => {
      const ana = await createUser(t);
      const res = await createList(ana, '  Summer trip  ');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual(['default', 'Summer trip']);
      await json(createList(ana, 'Autumn'), 201);
      expect(await names(ana)).toEqual(['default', 'Summer trip', 'Autumn']);
      expect(await ids(ana, 'Summer trip')).toEqual([]);
    });

    it('[WISHLIST-03] a duplicate name (any case, default included) answers 409; a bad name 400', async () => {
      const ana = await createUser(t);
      await json(createList(ana, 'Summer'), 201);
      expectError(await createList(ana, 'Summer'), 409, /already have a list named "Summer"/);
      expectError(await createList(ana, 'SUMMER'), 409, /already have a list named/);
      expectError(await createList(ana, 'default'), 409, /already have a list named "default"/);
      expectError(await createList(ana, 'Default'), 409, /already have a list named/);
      expectError(await createList(ana, '   '), 400, /Give the list a name/);
      expectError(await createList(ana, 'x'.repeat(41)), 400, /at most 40 characters/);
      expect((await call(ana, 'POST', '/core/wishlist/lists', {})).statusCode).toBe(400);
      expect(await names(ana)).toEqual(['default', 'Summer']);
    });

    it(`[WISHLIST-03] at most ${WISHLIST_MAX_LISTS} lists, the default one included (409 after that)`, async () => {
      const ana = await createUser(t);
      for (let i = 1; i < WISHLIST_MAX_LISTS; i += 1) await json(createList(ana, `List ${i}`), 201);
      expectError(
        await createList(ana, 'One too many'),
        409,
        new RegExp(`at most ${WISHLIST_MAX_LISTS} lists`),
      );
      expect(await names(ana)).toHaveLength(WISHLIST_MAX_LISTS);
      // Deleting one makes room again.
      await json(call(ana, 'DELETE', '/core/wishlist/lists/List%201'));
      await json(createList(ana, 'One more'), 201);
    });

    it('[WISHLIST-03] PATCH /core/wishlist/lists/{listname} renames a list; its items follow', async () => {
      const ana = await createUser(t);
      await json(createList(ana, 'Summer'), 201);
      await json(add(ana, f(0)._id, 'Summer'), 201);
      const res = await call(ana, 'PATCH', '/core/wishlist/lists/Summer', { name: 'Summer 2026' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual(['default', 'Summer 2026']);
      expect(await ids(ana, 'Summer 2026')).toEqual([f(0)._id]);
      expect(await ids(ana, 'Summer')).toEqual([]);
      // A change of case only, and the same name, are fine.
      expect(
        await json(call(ana, 'PATCH', '/core/wishlist/lists/Summer%202026', { name: 'SUMMER 2026' })),
      ).toEqual(['default', 'SUMMER 2026']);
      expect(
        await json(call(ana, 'PATCH', '/core/wishlist/lists/SUMMER%202026', { name: 'SUMMER 2026' })),
      ).toEqual(['default', 'SUMMER 2026']);
    });

    it('[WISHLIST-03] renaming the default list answers 400, an unknown list 404, to a taken name 409', async () => {
      const ana = await createUser(t);
      await json(createList(ana, 'Summer'), 201);
      await json(createList(ana, 'Winter'), 201);
      expectError(
        await call(ana, 'PATCH', '/core/wishlist/lists/default', { name: 'Mine' }),
        400,
        /default list cannot be renamed/,
      );
      expectError(
        await call(ana, 'PATCH', '/core/wishlist/lists/Nope', { name: 'Mine' }),
        404,
        /no list named "Nope"/,
      );
      expectError(
        await call(ana, 'PATCH', '/core/wishlist/lists/Summer', { name: 'winter' }),
        409,
        /already have a list named "winter"/,
      );
      expectError(
        await call(ana, 'PATCH', '/core/wishlist/lists/Summer', { name: 'default' }),
        409,
        /already have/,
      );
      expectError(
        await call(ana, 'PATCH', '/core/wishlist/lists/Summer', { name: ' ' }),
        400,
        /Give the list a name/,
      );
      expect(await names(ana)).toEqual(['default', 'Summer', 'Winter']);
    });

    it('[WISHLIST-03] DELETE /core/wishlist/lists/{listname} deletes a named list with its items; not the default one', async () => {
      const ana = await createUser(t);
      await json(createList(ana, 'Summer'), 201);
      await json(add(ana, f(0)._id, 'Summer'), 201);
      await json(add(ana, f(0)._id), 201);
      const res = await call(ana, 'DELETE', '/core/wishlist/lists/Summer');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(['default']);
      expect(await ids(ana, 'Summer')).toEqual([]);
      expect(await ids(ana)).toEqual([f(0)._id]);
      expectError(await call(ana, 'DELETE', '/core/wishlist/lists/Summer'), 404, /no list named "Summer"/);
      expectError(
        await call(ana, 'DELETE', '/core/wishlist/lists/default'),
        400,
        /default list cannot be deleted/,
      );
      expect(await ids(ana)).toEqual([f(0)._id]);
    });
  });

  // ------------------------------------------------------------------ privacy

  describe('privacy', () => {
    it("[WISHLIST-04] a user never sees another user's lists or items", async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      await json(createList(ana, 'Secret'), 201);
      await json(add(ana, f(0)._id), 201);
      await json(add(ana, f(1)._id, 'Secret'), 201);

      expect(await ids(bo)).toEqual([]);
      expect(await ids(bo, 'Secret')).toEqual([]);
      expect(await names(bo)).toEqual(['default']);
      expect(await json(call(bo, 'GET', '/core/wishlist/all?listname=default'))).toEqual([]);
      expect(await json(call(bo, 'GET', '/core/wishlist/all?listname=Secret'))).toEqual([]);
    });

    it("[WISHLIST-04] a user never changes another user's lists or items", async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      await json(createList(ana, 'Secret'), 201);
      await json(add(ana, f(0)._id), 201);
      await json(add(ana, f(1)._id, 'Secret'), 201);

      // Bo's removals touch only Bo's lists.
      expect(await json<Change>(call(bo, 'DELETE', `/wishlist/${f(0)._id}`))).toEqual({
        listname: 'default',
        ids: [],
      });
      expect(await json<Change>(call(bo, 'DELETE', `/core/wishlist/${f(1)._id}?listname=Secret`))).toEqual({
        listname: 'Secret',
        ids: [],
      });
      // Ana's named list does not exist for Bo.
      expectError(await add(bo, f(2)._id, 'Secret'), 404, /create it first/);
      expectError(
        await call(bo, 'PATCH', '/core/wishlist/lists/Secret', { name: 'Mine' }),
        404,
        /no list named/,
      );
      expectError(await call(bo, 'DELETE', '/core/wishlist/lists/Secret'), 404, /no list named/);
      // Bo may use the same names for his own lists.
      await json(createList(bo, 'Secret'), 201);
      await json(add(bo, f(3)._id), 201);

      expect(await ids(ana)).toEqual([f(0)._id]);
      expect(await ids(ana, 'Secret')).toEqual([f(1)._id]);
      expect(await names(ana)).toEqual(['default', 'Secret']);
      expect(await ids(bo)).toEqual([f(3)._id]);
      expect(await ids(bo, 'Secret')).toEqual([]);
    });
  });

  describe('move', () => {
    it('[WISHLIST-05] a saved feature moves between two lists in one step; bad moves are 4xx and change nothing', async () => {
      const ana = await createUser(t);
      await createList(ana, 'Later');
      await add(ana, f(0)._id);
      await add(ana, f(1)._id);
      const move = (payload: object) => call(ana, 'POST', '/core/wishlist/move', payload);

      const moved = await json<{ from: Change; to: Change }>(
        move({ featureId: f(0)._id.toUpperCase(), from: 'default', to: 'Later' }),
      );
      expect(moved).toEqual({
        from: { listname: 'default', ids: [f(1)._id] },
        to: { listname: 'Later', ids: [f(0)._id] },
      });
      // Back again, into a list that has it already: no duplicate.
      await add(ana, f(0)._id);
      const back = await json<{ from: Change; to: Change }>(
        move({ featureId: f(0)._id, from: 'Later', to: 'default' }),
      );
      expect(back.to.ids.sort()).toEqual([f(0)._id, f(1)._id].sort());
      expect(back.from.ids).toEqual([]);

      const before = [await ids(ana), await ids(ana, 'Later')];
      const refused = [
        [
          await move({ featureId: f(2)._id, from: 'default', to: 'Later' }),
          404,
          /not on your list "default"/,
        ],
        [await move({ featureId: f(1)._id, from: 'default', to: 'Nowhere' }), 404, /Nowhere/],
        [await move({ featureId: f(1)._id, from: 'Nowhere', to: 'default' }), 404, /Nowhere/],
        [await move({ featureId: f(1)._id, from: 'default', to: 'default' }), 400, /another list/],
        [await move({ featureId: 'not-a-feature', from: 'default', to: 'Later' }), 404, /not on your list/],
        [await move({ featureId: f(1)._id, from: 'default' }), 400, /to/],
      ] as const;
      for (const [res, status, message] of refused) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toMatch(message);
      }
      expect([await ids(ana), await ids(ana, 'Later')]).toEqual(before);
    });
  });
});
