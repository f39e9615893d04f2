import type { Planner } from '@tripcrew/contracts/trips';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { askRecoveryCode } from '../../src/modules/auth/auth.fixtures.ts';
import {
  enableTwoFactor,
  twoFactorPost,
} from '../../src/modules/auth/two-factor/auth-two-factor.fixtures.ts';
import { liveUrl, openLive } from '../../src/modules/chats/core/live.fixtures.ts';
import { equalSplit, expenseBody as expense } from '../../src/modules/expenses/expenses.fixtures.ts';
import { addCrewPair } from '../../src/modules/crew/crew.repository.ts';
import { unsubscribeToken } from '../../src/modules/notifications/core/notification-mails.ts';
import {
  createTrip,
  day,
  loadCatalogue,
  setRolesDirectly,
  type Catalogue,
} from '../../src/modules/trips/trips.fixtures.ts';
import {
  createUser,
  insertUser,
  latestMail,
  registerUser,
  signIn,
  uniqueEmail,
  type TestUser,
} from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { addPasskey, SoftPasskey } from '../helpers/passkey-authenticator.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  ACTORS_OF_SCOPE,
  EXCLUDED_ROUTES,
  expenseBody,
  MATRIX,
  TRIP_ROLE_ACTORS,
  type Actor,
  type MatrixContext,
  type MatrixRequest,
  type MatrixRow,
  type TripScene,
} from './authz-matrix.table.ts';

/**
 * SEC-07: every endpoint × every actor of its scope, from the one table in
 * authz-matrix.table.ts. The registered routes are read from the app itself, so a new endpoint
 * without a row (or a row for a removed one) fails the suite.
 */

/** Every route the app registered, as "METHOD /path" exactly as Fastify knows it. */
function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const found: string[] = [];
  const paths: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    const segment = match[2] ?? '';
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    let path = parent + segment;
    if (segment === '*') {
      // find-my-way prints a wildcard flattened under an ancestor ("/api/docs" + "*" for the
      // route "/api/docs/static/*"): ask Fastify which prefix of the siblings it really is.
      const candidates = [
        `${parent}/*`,
        ...paths
          .filter((p) => p.startsWith(`${parent}/`))
          .flatMap((p) =>
            [...p.slice(parent.length).matchAll(/\//g)].map(
              (m) => `${parent}${p.slice(parent.length, parent.length + (m.index ?? 0) + 1)}*`,
            ),
          ),
      ];
      path = candidates.find((c) => app.hasRoute({ method: 'GET', url: c })) ?? path;
    }
    stack[depth] = parent + segment;
    paths.push(path);
    for (const method of methods) found.push(`${method} ${path}`);
  }
  return found;
}

/** The trip id in a trip route's URL (after /core/trips/, /core/trips/update/ or …/features/). */
const TRIP_IN_URL =
  /(\/core\/trips\/(?:update\/|features\/)?)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const MISSING_TRIP = '00000000-0000-4000-8000-000000000000';

const METRICS_TOKEN = 'authz-matrix-metrics-token-0123456789abcdef';

const ROLE_OF = {
  admin: 'admin',
  member: 'member',
  driver: 'driver',
  guide: 'guide',
  guest: 'guest',
  other: 'other',
  viewer: 'viewer',
} as const;

function labelOf(row: MatrixRow): string {
  return row.variant ? `${row.route} (${row.variant})` : row.route;
}

function actorsOf(row: MatrixRow): Actor[] {
  return Object.keys(row.expected) as Actor[];
}

describe('[SEC-07] authorization matrix', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let users: MatrixContext['users'];
  let spare: TestUser;
  let jpeg: Buffer;
  let shared: Promise<TripScene> | undefined;
  /**
   * Whether the call being made is expected to be refused (4xx). A refusal changes nothing, so its
   * `freshTrip()` is one trip made once; a refused write that did change it would show in the
   * calls after it.
   */
  let refusal = false;
  let refusalScene: Promise<TripScene> | undefined;
  let ctx: MatrixContext;

  async function tripScene(): Promise<TripScene> {
    const owner = users.owner;
    const [kept, other, fresh] = catalogue.lisbonFeatures;
    if (!kept || !other || !fresh) throw new Error('the curated catalogue has fewer than 3 Lisbon features');
    const tripId = await createTrip(t, owner, {
      placeId: catalogue.lisbon._id,
      startDate: day(1),
      endDate: day(3),
      featureIds: [kept._id, other._id],
      members: TRIP_ROLE_ACTORS.map((role) => users[role].id),
    });
    await setRolesDirectly(
      t,
      tripId,
      TRIP_ROLE_ACTORS.filter((role) => role !== 'member').map(
        (role) => [users[role].id, ROLE_OF[role]] as const,
      ),
    );
    const noted = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: owner.accessToken,
      payload: { date: day(1), text: 'Note' },
    });
    const noteId = (noted.json() as Planner).days[0]?.items.find((i) => i.kind === 'note')?._id;
    if (!noteId) throw new Error(`no note: ${noted.body}`);
    await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/calendar-feed`,
      token: owner.accessToken,
    });
    return { tripId, keptFeatureId: kept._id, newFeatureId: fresh._id, noteId, spare };
  }

  async function ok(options: InjectOptions & { token?: string }, status = 200): Promise<unknown> {
    const res = await t.request(options);
    if (res.statusCode !== status)
      throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
    return res.body ? (res.json() as unknown) : undefined;
  }

  /** A POST of the trip's owner to `rest` of the scene's trip (with `payload`, when given): its answer. */
  const ownerPost = (scene: TripScene, rest: string, payload?: InjectOptions['payload']) =>
    ok({
      method: 'POST',
      url: `/api/core/trips/${scene.tripId}${rest}`,
      token: users.owner.accessToken,
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    // Fake credentials: enough for GET /auth/networks/github to redirect (no network is used).
    t = await createTestApp({
      GITHUB_CLIENT_ID: 'authz-client',
      GITHUB_CLIENT_SECRET: 'authz-secret',
      METRICS_TOKEN: METRICS_TOKEN,
    });
    catalogue = await loadCatalogue(t);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const made: Array<[string, TestUser]> = [];
    for (const actor of ['stranger', 'owner', 'counterpart', ...TRIP_ROLE_ACTORS] as const) {
      made.push([actor, await createUser(t, { name: 'Matrix', lastName: actor })]);
    }
    users = Object.fromEntries(made) as MatrixContext['users'];
    spare = await createUser(t, { name: 'Matrix', lastName: 'Spare' });
    for (const friend of [users.counterpart, spare, ...TRIP_ROLE_ACTORS.map((r) => users[r])]) {
      await addCrewPair(t.database.db, users.owner.id, friend.id);
    }
    // Members are added from the acting admin's crew: the second admin knows the spare too.
    await addCrewPair(t.database.db, users.admin.id, spare.id);

    // A chat between owner and counterpart.
    const message = (await ok(
      {
        method: 'POST',
        url: `/api/users/messages/direct/${users.owner.id}`,
        token: users.counterpart.accessToken,
        payload: { text: 'Hi' },
      },
      201,
    )) as { chatId: string };
    // A notification of the owner: a crew request from someone new.
    const asker = await createUser(t, { name: 'Matrix', lastName: 'Asker' });
    await ok(
      {
        method: 'POST',
        url: '/api/users/crew/crew-request',
        token: asker.accessToken,
        payload: { userId: users.owner.id },
      },
      201,
    );
    const notifications = (await ok({
      method: 'GET',
      url: '/api/users/notifications',
      token: users.owner.accessToken,
    })) as Array<{ _id: string }>;
    const notificationId = notifications[0]?._id;
    if (!notificationId) throw new Error('the owner has no notification');
    // The owner's wishlist: a named list with a feature.
    const featureIds = catalogue.lisbonFeatures.map((f) => f._id);
    await ok(
      {
        method: 'POST',
        url: '/api/core/wishlist/lists',
        token: users.owner.accessToken,
        payload: { name: 'Beaches' },
      },
      201,
    );
    await ok(
      {
        method: 'POST',
        url: '/api/core/wishlist',
        token: users.owner.accessToken,
        payload: { featureId: featureIds[0], listname: 'Beaches' },
      },
      201,
    );
    // A stored file: the spare's avatar (the avatar row replaces other users' avatars).
    const avatar = (await ok({
      method: 'POST',
      url: '/api/assets/upload/avatar',
      token: spare.accessToken,
      ...imageUpload(),
    })) as { original: string };
    const avatarFile = avatar.original.split('?')[0]?.split('/').pop() ?? '';

    const [suggestion] = (await ok({ method: 'GET', url: '/api/core/suggestions' })) as Array<{
      _id: string;
    }>;
    const featureImage = catalogue.lisbonFeatures[0]?.image.original ?? '';
    if (!featureImage.startsWith('/api/core/images/')) throw new Error(`unexpected image ${featureImage}`);

    ctx = {
      users,
      placeId: catalogue.lisbon._id,
      featureIds,
      featureImage,
      suggestionId: suggestion?._id ?? '',
      chatId: message.chatId,
      notificationId,
      avatarFile,
      metricsToken: METRICS_TOKEN,
      unsubscribePath: (user, topic) =>
        `/api/notifications/unsubscribe?token=${unsubscribeToken(t.config.jwtSecret, user.id, topic)}`,
      sharedTrip: () => (shared ??= tripScene()),
      // A refused call changes nothing: those share one trip made the same way (see the rows' loop).
      freshTrip: () => (refusal ? (refusalScene ??= tripScene()) : tripScene()),
      async freshPair(crew) {
        const owner = await createUser(t, { name: 'Matrix', lastName: 'Owner' });
        const counterpart = await createUser(t, { name: 'Matrix', lastName: 'Counterpart' });
        if (crew) await addCrewPair(t.database.db, owner.id, counterpart.id);
        return { owner, counterpart };
      },
      freshUser: () => createUser(t, { name: 'Matrix', lastName: 'Fresh' }),
      async crewRequest(from, to) {
        const body = (await ok(
          {
            method: 'POST',
            url: '/api/users/crew/crew-request',
            token: from.accessToken,
            payload: { userId: to.id },
          },
          201,
        )) as { request?: { _id: string } };
        if (!body.request) throw new Error('no crew request');
        return body.request._id;
      },
      async createList(user, name) {
        await ok(
          { method: 'POST', url: '/api/core/wishlist/lists', token: user.accessToken, payload: { name } },
          201,
        );
      },
      async saveToWishlist(user, featureId) {
        await ok(
          { method: 'POST', url: '/api/core/wishlist', token: user.accessToken, payload: { featureId } },
          201,
        );
      },
      imageUpload,
      async registration() {
        const { email, code, activationToken } = await registerUser(t);
        return { email, code, activationToken };
      },
      async recovery() {
        const user = await insertUser(t);
        // The reset mail leaves after the answer: wait for it.
        return { email: user.email, code: await askRecoveryCode(t, user.email) };
      },
      async calendarFeedPath() {
        const scene = await ctx.sharedTrip();
        const feed = (await ownerPost(scene, '/calendar-feed')) as { url: string };
        return new URL(feed.url, 'http://localhost').pathname;
      },
      async invitePath(scene) {
        const created = (await ownerPost(scene, '/invites', {})) as { _id: string; url: string };
        return { id: created._id, path: new URL(created.url, 'http://localhost').pathname };
      },
      async inviteBlockPath(scene) {
        const email = uniqueEmail('matrix-block');
        await ownerPost(scene, '/invites/email', { email });
        const mail = await latestMail(t, email, 'invites you to');
        const oneClick = mail.headers?.['List-Unsubscribe'] ?? '';
        const path = /\/api\/core\/invites\/block\?token=[A-Za-z0-9_-]{43}/.exec(oneClick)?.[0];
        if (!path) throw new Error('no one-click block link in the invitation mail');
        return path;
      },
      async expense(scene, withReceipt = false) {
        const created = (await ok(
          {
            method: 'POST',
            url: `/api/core/trips/${scene.tripId}/expenses`,
            token: users.owner.accessToken,
            payload: expenseBody(users.owner.id),
          },
          201,
        )) as { _id: string };
        if (withReceipt) {
          await ok({
            method: 'PUT',
            url: `/api/core/trips/${scene.tripId}/expenses/${created._id}/receipt`,
            token: users.owner.accessToken,
            ...imageUpload(),
          });
        }
        return created._id;
      },
      async debt(scene, debtor, creditor) {
        // The owner (an admin) records an expense `creditor` paid and `debtor` shares alone.
        await ok(
          {
            method: 'POST',
            url: `/api/core/trips/${scene.tripId}/expenses`,
            token: users.owner.accessToken,
            payload: expense(creditor.id, {
              title: 'Matrix debt',
              amount: '12.50',
              split: equalSplit(debtor.id),
            }),
          },
          201,
        );
      },
      async settlement(scene, from, to) {
        await ctx.debt(scene, from, to);
        const created = (await ok(
          {
            method: 'POST',
            url: `/api/core/trips/${scene.tripId}/settlements`,
            token: users.owner.accessToken,
            payload: { from: from.id, to: to.id, amount: '5' },
          },
          201,
        )) as { _id: string };
        return created._id;
      },
      async packingItem(scene) {
        const list = (await ownerPost(scene, '/packing', { text: 'Tent' })) as Array<{ _id: string }>;
        return list[list.length - 1]?._id ?? '';
      },
      async tripPlace(scene) {
        const place = (await ownerPost(scene, '/places', {
          name: "Friend's restaurant",
          link: 'geo:38.7139,-9.1334',
        })) as { _id: string };
        return place._id;
      },
      async tripBooking(scene) {
        const booking = (await ownerPost(scene, '/bookings', {
          kind: 'train',
          start: { local: '2031-01-02T09:00', zone: 'Europe/Lisbon' },
        })) as { _id: string };
        return booking._id;
      },
      async bookingFile(scene) {
        const bookingId = await this.tripBooking(scene);
        const file = (await ok({
          method: 'POST',
          url: `/api/core/trips/${scene.tripId}/bookings/${bookingId}/files`,
          token: users.owner.accessToken,
          ...imageUpload(),
        })) as { _id: string };
        return `/bookings/${bookingId}/files/${file._id}`;
      },
      async historyEntry(scene) {
        await this.packingItem(scene);
        const page = (await ok({
          method: 'GET',
          url: `/api/core/trips/${scene.tripId}/history?limit=1`,
          token: users.owner.accessToken,
        })) as { entries: Array<{ _id: string }> };
        return page.entries[0]?._id ?? '';
      },
      async sharePath(scene) {
        const share = (await ownerPost(scene, '/share')) as { url: string };
        return new URL(share.url, 'http://localhost').pathname;
      },
      async session() {
        const user = await insertUser(t);
        return { refreshToken: (await signIn(t, user.email, user.password)).refreshToken };
      },
      passkeys: {
        add: (user, name) => addPasskey(t, user, name),
        async registration(user) {
          const { options } = (await ok({
            method: 'POST',
            url: '/api/auth/passkeys/registration-options',
            token: user.accessToken,
          })) as { options: { challenge: string; user: { id: string } } };
          return new SoftPasskey({ origin: new URL(t.config.appUrl).origin }).register(options);
        },
        async login() {
          const { passkey } = await addPasskey(
            t,
            await createUser(t, { name: 'Matrix', lastName: 'Passkey' }),
          );
          const { challengeId, options } = (await ok({
            method: 'POST',
            url: '/api/auth/passkeys/authentication-options',
          })) as { challengeId: string; options: { challenge: string } };
          return { challengeId, response: passkey.authenticate(options) };
        },
      },
      async readyExport(user) {
        const started = (await ok(
          { method: 'POST', url: '/api/account/exports', token: user.accessToken },
          201,
        )) as { id: string };
        // The job runs in the background: poll its status (bounded).
        const status = await vi.waitFor(
          async () => {
            const current = (await ok({
              method: 'GET',
              url: `/api/account/exports/${started.id}`,
              token: user.accessToken,
            })) as { status: string };
            if (current.status === 'queued' || current.status === 'running') throw new Error('not ready yet');
            return current.status;
          },
          { timeout: 10_000, interval: 25 },
        );
        if (status !== 'ready') throw new Error(`data export ${status}`);
        return started.id;
      },
      async twoFactorSetup() {
        const user = await createUser(t, { name: 'Matrix', lastName: 'Setup' });
        const res = await twoFactorPost(t, user, 'two-factor/setup');
        return { user, secret: (res.json() as { secret: string }).secret };
      },
      async twoFactorUser() {
        const user = await createUser(t, { name: 'Matrix', lastName: 'Second' });
        return { user, recoveryCodes: (await enableTwoFactor(t, user)).recoveryCodes };
      },
      async twoFactorChallenge() {
        const { user, recoveryCodes } = await ctx.twoFactorUser();
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
        });
        const { challenge } = res.json() as { challenge: string };
        return { challenge, recoveryCode: recoveryCodes[0] ?? '' };
      },
    };
    // Generous: the boot, the seed and the fixtures share two cores with the rest of the suite.
  }, 180_000);
  afterAll(() => t?.close());

  function imageUpload() {
    return multipartBody([{ field: 'file', filename: 'm.jpg', contentType: 'image/jpeg', data: jpeg }]);
  }

  function tokenOf(actor: Actor, request: MatrixRequest): string | undefined {
    if (actor === 'anonymous') return undefined;
    return request.bearer?.[actor] ?? (request.cast?.[actor] ?? users[actor]).accessToken;
  }

  /** 101 once the socket says ready, else the code it closed with. */
  async function websocketStatus(token: string | undefined): Promise<number> {
    const client = await openLive(await liveUrl(t));
    try {
      client.send({ type: 'auth', token: token ?? 'not-a-token' });
      return await Promise.race([
        client.next((f) => f.type === 'ready').then(() => 101),
        client.closed.then((closed) => closed.code),
      ]);
    } finally {
      client.close();
    }
  }

  it('[SEC-07] every registered /api route has a row, and every row names a registered route', () => {
    const registered = registeredRoutes(t.app);
    // The parser is checked against Fastify itself, and against the OpenAPI document below.
    for (const entry of registered) {
      const [method = '', url = ''] = entry.split(' ');
      expect(t.app.hasRoute({ method, url }), entry).toBe(true);
    }
    const api = registered.filter((r) => r.split(' ')[1]?.startsWith('/api'));
    expect(api.length).toBeGreaterThan(60);
    const gets = new Set(api.filter((r) => r.startsWith('GET ')).map((r) => r.slice(4)));
    // HEAD routes are derived from GETs (same handler and hooks); checked separately below.
    const judged = api.filter((r) => !(r.startsWith('HEAD ') && gets.has(r.slice(5))));
    const withRows = new Set(MATRIX.map((row) => row.route));
    const missing = judged.filter((r) => !withRows.has(r) && !(r in EXCLUDED_ROUTES));
    const stale = [...withRows, ...Object.keys(EXCLUDED_ROUTES)].filter((r) => !judged.includes(r));
    expect(missing, 'registered routes without a row in authz-matrix.table.ts').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  it('[SEC-07] every operation of the OpenAPI document is a registered route with a row', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} /api${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const rows = new Set([...MATRIX.map((row) => row.route), ...Object.keys(EXCLUDED_ROUTES)]);
    expect(operations.filter((op) => !rows.has(op))).toEqual([]);
  });

  it('[SEC-07] each row gives a status for every actor of its scope', () => {
    for (const row of MATRIX) {
      const missing = ACTORS_OF_SCOPE[row.scope].filter((actor) => row.expected[actor] === undefined);
      expect(missing, labelOf(row)).toEqual([]);
    }
  });

  it('[SEC-07] the excluded dev outbox is not registered in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' }, { database: t.database });
    try {
      for (const route of Object.keys(EXCLUDED_ROUTES)) {
        const [method = '', url = ''] = route.split(' ');
        expect(production.app.hasRoute({ method, url }), route).toBe(false);
      }
    } finally {
      await production.close();
    }
  });

  for (const row of MATRIX) {
    describe(labelOf(row), () => {
      for (const actor of actorsOf(row)) {
        const status = row.expected[actor];
        it(`[SEC-07] ${labelOf(row)}: ${actor} → ${status}`, async () => {
          refusal = status !== undefined && status >= 400;
          const request = await row.request(ctx, actor);
          const token = tokenOf(actor, request);
          if (row.websocket) {
            expect(await websocketStatus(token)).toBe(status);
            return;
          }
          const res = await t.request({
            method: request.method,
            url: request.url,
            ...(request.payload !== undefined
              ? { payload: request.payload as InjectOptions['payload'] }
              : {}),
            ...(request.headers ? { headers: request.headers } : {}),
            ...(token ? { token } : {}),
          });
          expect(
            res.statusCode,
            `${request.method} ${request.url} as ${actor}: ${res.body.slice(0, 300)}`,
          ).toBe(status);
          if (row.scope === 'trip' && actor === 'stranger' && status === 404) {
            // TRIP-11: no sign of whether the trip exists — the answer for a trip that does not.
            expect(res.json()).toMatchObject({ message: 'Trip not found' });
            const missing = request.url.replace(TRIP_IN_URL, `$1${MISSING_TRIP}`);
            expect(missing, 'the trip id in the URL').not.toBe(request.url);
            const other = await t.request({
              method: request.method,
              url: missing,
              ...(request.payload !== undefined
                ? { payload: request.payload as InjectOptions['payload'] }
                : {}),
              ...(request.headers ? { headers: request.headers } : {}),
              ...(token ? { token } : {}),
            });
            expect([other.statusCode, other.json()]).toEqual([res.statusCode, res.json()]);
          }
          if (res.statusCode < 400)
            await request.verify?.({ statusCode: res.statusCode, body: res.body }, actor);
        });
      }
    });
  }

  it('[SEC-07] every HEAD route answers a signed-out caller like its GET', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX.filter((r) => r.route.startsWith('GET ') && !r.websocket)) {
      const request = await row.request(ctx, 'anonymous');
      const head = await t.request({ method: 'HEAD', url: request.url });
      if (head.statusCode !== row.expected.anonymous)
        mismatches.push(`${labelOf(row)}: HEAD ${head.statusCode}`);
    }
    expect(mismatches).toEqual([]);
  });
});
