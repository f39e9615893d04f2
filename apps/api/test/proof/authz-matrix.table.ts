import { totpCode } from '../../src/modules/auth/two-factor/auth-two-factor.fixtures.ts';
import { expenseBody as expense } from '../../src/modules/expenses/expenses.fixtures.ts';
import { day } from '../../src/modules/trips/trips.fixtures.ts';
import { uniqueEmail, type TestUser } from '../helpers/factories.ts';

/**
 * SEC-07: the authorization matrix, one row per endpoint (method + route exactly as Fastify
 * registers it; several rows when one route has distinct cases), with the expected status for
 * every actor of its scope. authz-matrix.test.ts fails when a registered /api route has no row,
 * when a row names a route that no longer exists, and when a cell answers another status.
 *
 * Actors:
 * - anonymous: no credentials at all.
 * - stranger: signed in, unrelated to the resource (not a member, not a party).
 * - owner: the resource's owner: the trip's creator (an admin), the receiver of the crew
 *   request, a participant of the chat, the notification's addressee, the wishlist's user.
 * - admin … other: the trip roles of docs/trips-permissions.md (admin is a second admin).
 * - counterpart: the other party of a user-scoped resource (the sender of the crew request,
 *   the other participant of the chat, the crew partner).
 *
 * A cell's request always carries valid input, so a 400 never hides a missing check.
 */

export const TRIP_ROLE_ACTORS = ['admin', 'member', 'driver', 'guide', 'guest', 'other', 'viewer'] as const;
export type TripRoleActor = (typeof TRIP_ROLE_ACTORS)[number];
export type Actor = 'anonymous' | 'stranger' | 'owner' | 'counterpart' | TripRoleActor;
export type Scope = 'public' | 'user' | 'trip';

/** The actors each scope must give a status for (more may be given). */
export const ACTORS_OF_SCOPE: Record<Scope, readonly Actor[]> = {
  public: ['anonymous', 'stranger'],
  user: ['anonymous', 'stranger', 'owner'],
  trip: ['anonymous', 'stranger', 'owner', ...TRIP_ROLE_ACTORS],
};

/** A status, or for the WebSocket: 101 once it says ready, else its close code. */
export type Expected = Partial<Record<Actor, number>>;

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A bearer token that replaces the actor's access token (e.g. the metrics token). */
  bearer?: Partial<Record<Actor, string>>;
  /** Who plays which actor in this cell, when not the shared users (fresh pairs). */
  cast?: Partial<Record<Actor, TestUser>>;
  /** Extra checks of a successful answer (e.g. nothing of the owner leaks to a stranger). */
  verify?: (response: { statusCode: number; body: string }, actor: Actor) => Promise<void> | void;
}

/** What a row's request builder may use; authz-matrix.test.ts provides it. */
export interface MatrixContext {
  /** One user per actor (anonymous has a user too, whose token is never sent). */
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  placeId: string;
  featureIds: string[];
  featureImage: string;
  /** A home suggestion with a ready-made plan. */
  suggestionId: string;
  /** The shared trip (owner + every role); fine for requests that change nothing lasting. */
  sharedTrip(): Promise<TripScene>;
  /** A trip of its own for this cell (same members and data as the shared one). */
  freshTrip(): Promise<TripScene>;
  /** Two new users: owner and counterpart, in each other's crew when `crew`. */
  freshPair(crew: boolean): Promise<{ owner: TestUser; counterpart: TestUser }>;
  /** Creates a named wishlist list of `user`. */
  createList(user: TestUser, name: string): Promise<void>;
  /** Saves a feature on the default wishlist of `user`. */
  saveToWishlist(user: TestUser, featureId: string): Promise<void>;
  /** A new confirmed, signed-in user. */
  freshUser(): Promise<TestUser>;
  /** A pending crew request from `from` to `to`; answers its id. */
  crewRequest(from: TestUser, to: TestUser): Promise<string>;
  /** The shared chat between owner and counterpart. */
  chatId: string;
  /** A notification of the owner. */
  notificationId: string;
  /** The METRICS_TOKEN of the matrix app. */
  metricsToken: string;
  /** The one-click unsubscribe URL of a mail to `user` about `topic`. */
  unsubscribePath(user: TestUser, topic: 'trips' | 'messages'): string;
  /** A stored file name (an avatar no other row replaces). */
  avatarFile: string;
  /** A multipart body with a small valid JPEG in field "file". */
  imageUpload(): { payload: Buffer; headers: Record<string, string> };
  /** A fresh registration (code and activation token from the mail). */
  registration(): Promise<{ email: string; code: string; activationToken: string }>;
  /** A fresh recovery code for a new user. */
  recovery(): Promise<{ email: string; code: string }>;
  /** The path of the private calendar feed of the shared trip (created by its owner). */
  calendarFeedPath(): Promise<string>;
  /** A new invite link of the trip (made by its owner): its id and its page path /invite/{token}. */
  invitePath(scene: TripScene): Promise<{ id: string; path: string }>;
  /** The one-click block link (/api/core/invites/block?token=…) of a new invitation mail of the trip. */
  inviteBlockPath(scene: TripScene): Promise<string>;
  /** The public share link of the trip (turned on by its owner): its page path /share/{token}. */
  sharePath(scene: TripScene): Promise<string>;
  /** A new expense of the trip, added and paid by its owner (with a receipt when asked): its id. */
  expense(scene: TripScene, withReceipt?: boolean): Promise<string>;
  /** `debtor` owes `creditor` 12.50 EUR in the trip (an expense its owner records). */
  debt(scene: TripScene, debtor: TestUser, creditor: TestUser): Promise<void>;
  /** A new settlement of 5.00 EUR from `from` to `to` (recorded by the owner, on a debt): its id. */
  settlement(scene: TripScene, from: TestUser, to: TestUser): Promise<string>;
  /** A new item on the trip's shared packing list (added by its owner): its id. */
  packingItem(scene: TripScene): Promise<string>;
  /** A new place of the trip's own (added by its owner): its id. */
  tripPlace(scene: TripScene): Promise<string>;
  /** A new booking of the trip (a flight its owner added): its id. */
  tripBooking(scene: TripScene): Promise<string>;
  /** A file the owner attached to a new booking of the trip: its path under the trip, /bookings/{id}/files/{fileId}. */
  bookingFile(scene: TripScene): Promise<string>;
  /** The history entry of a new packing item its owner added: the entry's id. */
  historyEntry(scene: TripScene): Promise<string>;
  /** A fresh session of a new user. */
  session(): Promise<{ refreshToken: string }>;
  passkeys: {
    /** A software passkey registered on `user`'s account: its row id. */
    add(user: TestUser, name?: string): Promise<{ id: string }>;
    /** A software authenticator's answer to fresh registration options of `user`. */
    registration(user: TestUser): Promise<object>;
    /** The body of POST /auth/passkeys/login for a fresh user's passkey. */
    login(): Promise<object>;
  };
  /** A data export of `user`, prepared and ready to download: its id. */
  readyExport(user: TestUser): Promise<string>;
  /** A new signed-in user who started two-factor setup: the secret of the pending enrollment. */
  twoFactorSetup(): Promise<{ user: TestUser; secret: string }>;
  /** A new signed-in user with two-factor sign-in on, and its recovery codes. */
  twoFactorUser(): Promise<{ user: TestUser; recoveryCodes: string[] }>;
  /** The challenge of a sign-in that waits for its second factor, and a recovery code for it. */
  twoFactorChallenge(): Promise<{ challenge: string; recoveryCode: string }>;
}

export interface TripScene {
  tripId: string;
  keptFeatureId: string;
  newFeatureId: string;
  noteId: string;
  /** In the owner's crew, not in the trip. */
  spare: TestUser;
}

export interface MatrixRow {
  route: string;
  variant?: string;
  scope: Scope;
  expected: Expected;
  /** The WebSocket route: judged by the upgrade and its first frames, not an HTTP status. */
  websocket?: true;
  request(ctx: MatrixContext, actor: Actor): Promise<MatrixRequest>;
}

/**
 * Registered routes with no row, on purpose. HEAD routes are the ones Fastify derives from
 * each GET (same handler, hooks and guard); the test checks they answer like their GET.
 */
export const EXCLUDED_ROUTES: Record<string, string> = {
  'GET /api/dev/outbox':
    'development and test only: app.ts does not register it in production (checked), and it answers only on a loopback connection (dev-outbox.test.ts)',
};

// ------------------------------------------------------------------ helpers

const every = (status: number): Expected => ({
  anonymous: status,
  stranger: status,
  owner: status,
  counterpart: status,
});
const signedIn = (status: number): Expected => ({ anonymous: 401, stranger: status, owner: status });

/** Trip routes: 401 signed out, 404 for a stranger, `ok` for `allowed` roles, 403 for the rest. */
function trip(allowed: readonly TripRoleActor[], ok: number, except: Expected = {}): Expected {
  const cells: Expected = { anonymous: 401, stranger: 404, owner: ok };
  for (const role of TRIP_ROLE_ACTORS) cells[role] = allowed.includes(role) ? ok : 403;
  return { ...cells, ...except };
}
const ALL_ROLES = TRIP_ROLE_ACTORS;
/** Every role with private parts of the trip (a checklist): all but viewer. */
const PARTICIPANTS: readonly TripRoleActor[] = ALL_ROLES.filter((r) => r !== 'viewer');
const EDITORS: readonly TripRoleActor[] = ['admin', 'member', 'driver', 'guide'];
const ADMIN: readonly TripRoleActor[] = ['admin'];

/** A valid expense of today paid by and shared with `paidBy` (any caller may send it). */
export const expenseBody = (paidBy: string) => expense(paidBy, { title: 'Matrix taxi', amount: '12.50' });

const get = (url: string, extra: Partial<MatrixRequest> = {}): MatrixRequest => ({
  method: 'GET',
  url,
  ...extra,
});
type UrlOf = string | ((c: MatrixContext) => string | Promise<string>);
const urlOf = async (url: UrlOf, c: MatrixContext) => (typeof url === 'string' ? url : url(c));

/** A public GET route: every actor gets `status` from `url` (the route's own path unless told). */
function publicGet(path: string, url: UrlOf = path, status = 200): MatrixRow {
  return {
    route: `GET ${path}`,
    scope: 'public',
    expected: every(status),
    request: async (c) => get(await urlOf(url, c)),
  };
}

/** A signed-in GET route of one's own data: 401 signed out, 200 for the owner and a stranger alike. */
function userGet(path: string, url: UrlOf = path): MatrixRow {
  return {
    route: `GET ${path}`,
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => get(await urlOf(url, c)),
  };
}

/**
 * A signed-in write on one's own account (it changes or ends what it acts on): a fresh owner and
 * stranger per cell, each answered `status`; `payload` is built for the owner.
 */
function ownWrite(
  method: MatrixRequest['method'],
  path: string,
  status: number,
  payload?: (owner: TestUser, c: MatrixContext) => unknown,
): MatrixRow {
  return {
    route: `${method} ${path}`,
    scope: 'user',
    expected: signedIn(status),
    request: async (c) => {
      const [owner, stranger] = [await c.freshUser(), await c.freshUser()];
      const cast = { owner, stranger };
      return payload
        ? { method, url: path, payload: await payload(owner, c), cast }
        : { method, url: path, cast };
    },
  };
}

const tripUrl = (scene: TripScene, rest = '') => `/api/core/trips/${scene.tripId}${rest}`;

/**
 * The row of a route under /api/core/trips/:id whose cells send `method` to `rest` of the shared
 * trip, or of a fresh one when the request changes the trip, with `payload` when given.
 */
function tripRow(
  method: MatrixRequest['method'],
  rest: string,
  expected: Expected,
  scene: 'shared' | 'fresh' = 'shared',
  payload?: unknown,
): MatrixRow {
  return {
    route: `${method} /api/core/trips/:id${rest}`,
    scope: 'trip',
    expected,
    request: async (c) => {
      const url = tripUrl(scene === 'shared' ? await c.sharedTrip() : await c.freshTrip(), rest);
      return payload === undefined ? { method, url } : { method, url, payload };
    },
  };
}

/**
 * The row of a route on one thing of a trip (`rest` names it, as `/places/:placeId`): before each
 * cell `thing` makes it (or finds it) in a fresh trip, or the shared one when `scene` says so; the
 * request carries `payload` when given.
 */
function itemRow(
  method: MatrixRequest['method'],
  rest: string,
  expected: Expected,
  thing: (c: MatrixContext, scene: TripScene) => string | Promise<string>,
  {
    payload,
    scene = 'fresh',
    variant,
  }: { payload?: unknown; scene?: 'shared' | 'fresh'; variant?: string } = {},
): MatrixRow {
  return {
    route: `${method} /api/core/trips/:id${rest}`,
    ...(variant === undefined ? {} : { variant }),
    scope: 'trip',
    expected,
    request: async (c) => {
      const where = scene === 'shared' ? await c.sharedTrip() : await c.freshTrip();
      const url = tripUrl(where, rest.replace(/:[A-Za-z]+/, await thing(c, where)));
      return payload === undefined ? { method, url } : { method, url, payload };
    },
  };
}

/**
 * The settlement rows of one pair (issue 35): `payer` owes `payee` (a debt) and pays; then the
 * settlement's amount changes. Only the payer, the payee or an admin records a settlement, and
 * only on a debt; its payer, its payee or an admin changes its amount.
 */
function settlementRows(
  payer: TripRoleActor,
  payee: 'owner' | TripRoleActor,
  allowed: readonly TripRoleActor[],
): MatrixRow[] {
  return [
    {
      route: 'POST /api/core/trips/:id/settlements',
      variant: `the ${payer} pays the ${payee}`,
      scope: 'trip',
      expected: trip(allowed, 201),
      request: async (c) => {
        const scene = await c.freshTrip();
        const [from, to] = [c.users[payer], c.users[payee]];
        await c.debt(scene, from, to);
        return {
          method: 'POST',
          url: tripUrl(scene, '/settlements'),
          payload: { from: from.id, to: to.id, amount: '5' },
        };
      },
    },
    itemRow(
      'PATCH',
      '/settlements/:settlementId',
      trip(allowed, 200),
      (c, scene) => c.settlement(scene, c.users[payer], c.users[payee]),
      { payload: { amount: '4' }, variant: `the ${payer} paid the ${payee}` },
    ),
  ];
}

/**
 * The row of a route on a thing of the caller's own: before each cell `make` makes it for a new
 * owner and gives its URL (and payload); a stranger, who has none of the owner's, gets a 404.
 */
function ownedRow(
  route: string,
  make: (c: MatrixContext, owner: TestUser) => Promise<Pick<MatrixRequest, 'url' | 'payload'>>,
): MatrixRow {
  return {
    route,
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async (c) => {
      const [owner, stranger] = [await c.freshUser(), await c.freshUser()];
      const method = route.split(' ')[0] as MatrixRequest['method'];
      return { method, ...(await make(c, owner)), cast: { owner, stranger } };
    },
  };
}

/**
 * The row of a two-factor route of the caller's own account: before each cell `prepare` makes an
 * account for it and the payload (anonymous sends one too, and gets a 401).
 */
function twoFactorRow(
  path: string,
  prepare: (c: MatrixContext) => Promise<{ user: TestUser; payload: unknown }>,
): MatrixRow {
  return {
    route: `POST ${path}`,
    scope: 'user',
    expected: signedIn(200),
    request: async (c, actor) => {
      const { user, payload } = await prepare(c);
      return { method: 'POST', url: path, payload, cast: actor === 'anonymous' ? {} : { [actor]: user } };
    },
  };
}

function noLeak(secret: string) {
  return (response: { body: string }, actor: Actor) => {
    if (actor !== 'owner' && response.body.includes(secret))
      throw new Error(`the answer to ${actor} shows the owner's ${secret}`);
  };
}

// ------------------------------------------------------------------ the table

/** The row of a GET of the caller's own things: nothing of the owner's (`secret`) reaches another caller. */
function privateGet(route: string, url: string, secret: (c: MatrixContext) => string): MatrixRow {
  return {
    route: `GET ${route}`,
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => ({ ...get(url), verify: noLeak(secret(c)) }),
  };
}

export const MATRIX: readonly MatrixRow[] = [
  // ---------------------------------------------------------------- platform and docs
  publicGet('/api/health'),
  publicGet('/api/health/deep'),
  publicGet('/api/docs'),
  publicGet('/api/docs/json'),
  publicGet('/api/docs/yaml'),
  // Redirects to the docs page itself.
  publicGet('/api/docs/static/index.html', undefined, 302),
  publicGet('/api/docs/static/swagger-initializer.js'),
  publicGet('/api/docs/static/*', '/api/docs/static/swagger-ui.css'),
  {
    route: 'GET /api/metrics',
    scope: 'public',
    // The matrix app sets METRICS_TOKEN: only that token opens it, a user's access token does not.
    expected: { anonymous: 401, stranger: 401, owner: 200 },
    request: async (c) => ({ ...get('/api/metrics'), bearer: { owner: c.metricsToken } }),
  },
  {
    route: 'GET /api/users/ws',
    scope: 'public',
    websocket: true,
    // A first frame without a valid token closes with 4401; a signed-in user gets "ready".
    expected: { anonymous: 4401, stranger: 101, owner: 101 },
    request: async () => get('/api/users/ws'),
  },

  // ---------------------------------------------------------------- catalogue
  publicGet('/api/core/vocabulary/travel-checklist'),
  publicGet('/api/core/vocabulary/about-us'),
  publicGet('/api/core/places/autocomplete', '/api/core/places/autocomplete?q=lisb'),
  publicGet('/api/core/places/place/:id', (c) => `/api/core/places/place/${c.placeId}`),
  publicGet('/api/core/places/search', '/api/core/places/search?country=portugal&place=lisbon'),
  publicGet('/api/core/places/airports', '/api/core/places/airports?q=lisbon'),
  publicGet('/api/core/places/airports/:iata', '/api/core/places/airports/LIS'),
  publicGet('/api/core/places/time-zone', '/api/core/places/time-zone?lat=38.7139&lng=-9.1334'),
  // Finding a place to add to a trip: signed in (the matrix app has no GEOCODER_URL).
  userGet('/api/core/places/lookup', '/api/core/places/lookup?q=lisb'),
  userGet('/api/core/bookings', '/api/core/bookings?kind=flight&upcoming=true'),
  userGet('/api/core/places/lookup/reverse', '/api/core/places/lookup/reverse?lat=38.7069&lng=-9.1459'),
  publicGet('/api/core/features/search', (c) => `/api/core/features/search?placeId=${c.placeId}&limit=2`),
  publicGet('/api/core/features/map-points', (c) => `/api/core/features/map-points?placeId=${c.placeId}`),
  publicGet('/api/core/categories/all'),
  publicGet('/api/core/suggestions'),
  publicGet('/api/core/suggestions/:id/plan', (c) => `/api/core/suggestions/${c.suggestionId}/plan`),
  publicGet('/api/core/images/:kind/:file', (c) => c.featureImage),
  // ---------------------------------------------------------------- the basemap (decision 021)
  publicGet('/api/maps/style.json', '/api/maps/style.json?theme=dark'),
  ...(['land', 'countries', 'borders'] as const).map((name) => publicGet(`/api/maps/data/${name}.geojson`)),
  // Outside the pyramid: the same 400 for everyone without cutting a tile (maps-basemap.test.ts cuts them).
  publicGet('/api/maps/basemap/:z/:x/:y', '/api/maps/basemap/13/0/0', 400),
  // An unknown font: the same 404 for everyone without drawing glyphs (maps-basemap.test.ts draws them).
  publicGet('/api/maps/fonts/:fontstack/:range', '/api/maps/fonts/Unknown%20Font/0-255', 404),
  // The matrix app has no MAP_PMTILES: the same 404 for everyone (maps.test.ts reads an archive).
  publicGet('/api/maps/tiles.pmtiles', undefined, 404),

  // ---------------------------------------------------------------- auth entry points
  {
    route: 'POST /api/auth/register',
    scope: 'public',
    expected: every(201),
    request: async () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Matrix',
        lastName: 'Row',
        email: `authz-${Math.random().toString(36).slice(2, 12)}@example.test`,
        password: 'Tripcrew-test-Pa55word',
      },
    }),
  },
  {
    route: 'POST /api/auth/confirm',
    scope: 'public',
    expected: every(200),
    request: async (c) => {
      const { email, code } = await c.registration();
      return { method: 'POST', url: '/api/auth/confirm', payload: { email, code } };
    },
  },
  {
    route: 'POST /api/auth/login',
    scope: 'public',
    expected: every(200),
    request: async (c) => {
      const user = await c.freshUser();
      return {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      };
    },
  },
  {
    route: 'POST /api/auth/refresh',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: (await c.session()).refreshToken },
    }),
  },
  {
    route: 'POST /api/auth/logout',
    variant: 'with a refresh token',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: (await c.session()).refreshToken },
    }),
  },
  { ...ownWrite('POST', '/api/auth/logout', 200), variant: 'without a body: the bearer session' },
  {
    route: 'POST /api/auth/networks/activate-user',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({
      method: 'POST',
      url: '/api/auth/networks/activate-user',
      payload: { token: (await c.registration()).activationToken },
    }),
  },
  {
    route: 'POST /api/auth/recovery',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { email: c.users.owner.email },
    }),
  },
  {
    route: 'POST /api/auth/recovery-confirm',
    scope: 'public',
    expected: every(200),
    request: async (c) => {
      const { email, code } = await c.recovery();
      return {
        method: 'POST',
        url: '/api/auth/recovery-confirm',
        payload: { email, code, password: 'A-brand-new-Pa55word' },
      };
    },
  },
  ownWrite('POST', '/api/auth/change-password', 200, (owner) => ({
    currentPassword: owner.password,
    newPassword: 'A-brand-new-Pa55word',
  })),
  userGet('/api/auth/two-factor'),
  ownWrite('POST', '/api/auth/two-factor/setup', 200),
  // The code of the caller's own pending setup.
  twoFactorRow('/api/auth/two-factor/confirm', async (c) => {
    const { user, secret } = await c.twoFactorSetup();
    return { user, payload: { code: totpCode(secret) } };
  }),
  twoFactorRow('/api/auth/two-factor/recovery-codes', async (c) => {
    const { user, recoveryCodes } = await c.twoFactorUser();
    return { user, payload: { code: recoveryCodes[0] } };
  }),
  twoFactorRow('/api/auth/two-factor/disable', async (c) => {
    const { user, recoveryCodes } = await c.twoFactorUser();
    return { user, payload: { password: user.password, code: recoveryCodes[0] } };
  }),
  {
    route: 'POST /api/auth/login/two-factor',
    scope: 'public',
    expected: every(200),
    request: async (c) => {
      const { challenge, recoveryCode } = await c.twoFactorChallenge();
      return {
        method: 'POST',
        url: '/api/auth/login/two-factor',
        payload: { challenge, code: recoveryCode },
      };
    },
  },
  userGet('/api/auth/sessions'),
  // The owner's own session (the `sid` of its access token): a stranger cannot end it.
  ownedRow('DELETE /api/auth/sessions/:id', async (_c, owner) => {
    const claims = JSON.parse(Buffer.from(owner.accessToken.split('.')[1] ?? '', 'base64url').toString());
    return { url: `/api/auth/sessions/${String(claims.sid)}` };
  }),
  ownWrite('POST', '/api/auth/sessions/revoke-others', 200),
  publicGet('/api/auth/providers'),
  publicGet('/api/auth/networks/:provider', '/api/auth/networks/github', 302),
  // Without the state cookie of a started sign-in: back to /auth?error=invalid_state.
  publicGet(
    '/api/auth/networks/:provider/callback',
    '/api/auth/networks/github/callback?code=abc&state=def',
    302,
  ),

  // ---------------------------------------------------------------- passkeys
  {
    route: 'POST /api/auth/passkeys/registration-options',
    scope: 'user',
    expected: signedIn(200),
    request: async () => ({ method: 'POST', url: '/api/auth/passkeys/registration-options' }),
  },
  {
    route: 'POST /api/auth/passkeys',
    scope: 'user',
    expected: signedIn(201),
    request: async (c, actor) => {
      const [owner, stranger] = [await c.freshUser(), await c.freshUser()];
      const response = await c.passkeys.registration(actor === 'stranger' ? stranger : owner);
      return { method: 'POST', url: '/api/auth/passkeys', payload: { response }, cast: { owner, stranger } };
    },
  },
  {
    route: 'GET /api/auth/passkeys',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => {
      const [owner, stranger] = [await c.freshUser(), await c.freshUser()];
      await c.passkeys.add(owner, 'Owner-only-key');
      return get('/api/auth/passkeys', { cast: { owner, stranger }, verify: noLeak('Owner-only-key') });
    },
  },
  ownedRow('PATCH /api/auth/passkeys/:id', async (c, owner) => ({
    url: `/api/auth/passkeys/${(await c.passkeys.add(owner)).id}`,
    payload: { name: 'Renamed' },
  })),
  ownedRow('DELETE /api/auth/passkeys/:id', async (c, owner) => ({
    url: `/api/auth/passkeys/${(await c.passkeys.add(owner)).id}`,
  })),
  {
    route: 'POST /api/auth/passkeys/authentication-options',
    scope: 'public',
    expected: every(200),
    request: async () => ({ method: 'POST', url: '/api/auth/passkeys/authentication-options' }),
  },
  {
    route: 'POST /api/auth/passkeys/login',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({
      method: 'POST',
      url: '/api/auth/passkeys/login',
      payload: await c.passkeys.login(),
    }),
  },

  // ---------------------------------------------------------------- users and assets
  userGet('/api/account/deletion'),
  // Each actor deletes only their own account: a fresh user per cell, confirmed by its password.
  ownWrite('POST', '/api/account/delete', 200, (owner) => ({ password: owner.password })),
  userGet('/api/users/users/me'),
  userGet('/api/users/users/me/privacy'),
  {
    route: 'PUT /api/users/users/me/privacy',
    scope: 'user',
    expected: signedIn(200),
    request: async () => ({
      method: 'PUT',
      url: '/api/users/users/me/privacy',
      payload: { findableByEmail: false },
    }),
  },
  {
    route: 'GET /api/users/users/:profileId',
    scope: 'user',
    expected: { anonymous: 200, stranger: 200, owner: 200 },
    request: async (c) => ({
      ...get(`/api/users/users/${c.users.owner.id}`),
      // The email is for the owner and their crew only (PROFILE-01, issue 22).
      verify: (res, actor) => {
        const seen = res.body.includes(c.users.owner.email);
        if ((actor === 'anonymous' || actor === 'stranger') && seen)
          throw new Error(`the ${actor} sees the email`);
        if (actor === 'owner' && !seen) throw new Error('the owner does not see their email');
      },
    }),
  },
  {
    route: 'POST /api/assets/upload/avatar',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => ({ method: 'POST', url: '/api/assets/upload/avatar', ...c.imageUpload() }),
  },
  publicGet('/api/assets/files/:name', (c) => `/api/assets/files/${c.avatarFile}`),

  // ---------------------------------------------------------------- crew
  userGet('/api/users/crew/search', '/api/users/crew/search?query=Matrix'),
  ownWrite('POST', '/api/users/crew/crew-request', 201, async (_owner, c) => ({
    userId: (await c.freshUser()).id,
  })),
  userGet('/api/users/crew/requests'),
  {
    route: 'POST /api/users/crew/approve-request/:id',
    scope: 'user',
    // Only the receiver (owner) may approve; the sender and a third person get 404.
    expected: { anonymous: 401, stranger: 404, counterpart: 404, owner: 200 },
    request: async (c) => {
      const { owner, counterpart } = await c.freshPair(false);
      const id = await c.crewRequest(counterpart, owner);
      return { method: 'POST', url: `/api/users/crew/approve-request/${id}`, cast: { owner, counterpart } };
    },
  },
  {
    route: 'POST /api/users/crew/decline-request/:id',
    scope: 'user',
    // The receiver declines, the sender withdraws; anyone else gets 404.
    expected: { anonymous: 401, stranger: 404, counterpart: 200, owner: 200 },
    request: async (c) => {
      const { owner, counterpart } = await c.freshPair(false);
      const id = await c.crewRequest(counterpart, owner);
      return { method: 'POST', url: `/api/users/crew/decline-request/${id}`, cast: { owner, counterpart } };
    },
  },
  userGet('/api/users/crew/my-crew'),
  {
    route: 'DELETE /api/users/crew/my-crew/:userId',
    scope: 'user',
    // Removing the counterpart from the owner's crew; a stranger has no such crew member: 404.
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async (c) => {
      const { owner, counterpart } = await c.freshPair(true);
      return {
        method: 'DELETE',
        url: `/api/users/crew/my-crew/${counterpart.id}`,
        cast: { owner, counterpart },
      };
    },
  },

  // ---------------------------------------------------------------- messages and notifications
  {
    route: 'POST /api/users/messages/direct/:userId',
    scope: 'user',
    // To the owner: from the crew partner 201, from a stranger 403, to oneself 400.
    expected: { anonymous: 401, stranger: 403, counterpart: 201, owner: 400 },
    request: async (c) => ({
      method: 'POST',
      url: `/api/users/messages/direct/${c.users.owner.id}`,
      payload: { text: 'Hello from the matrix' },
    }),
  },
  privateGet('/api/users/chats', '/api/users/chats', (c) => c.chatId),
  {
    route: 'GET /api/users/messages/:chatId',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, counterpart: 200, owner: 200 },
    request: async (c) => get(`/api/users/messages/${c.chatId}`),
  },
  privateGet('/api/users/notifications', '/api/users/notifications', (c) => c.notificationId),
  {
    route: 'PATCH /api/users/notifications/:id',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, counterpart: 404, owner: 200 },
    request: async (c) => ({
      method: 'PATCH',
      url: `/api/users/notifications/${c.notificationId}`,
      payload: { seen: true },
    }),
  },
  userGet('/api/users/notification-settings'),
  {
    route: 'PATCH /api/users/notification-settings',
    scope: 'user',
    // Each caller changes their own settings only.
    expected: signedIn(200),
    request: async () => ({
      method: 'PATCH',
      url: '/api/users/notification-settings',
      payload: { crew: { inApp: true } },
    }),
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    scope: 'public',
    // The keyed token in the mail's link is the key: it turns off that user's topic, whoever posts it.
    expected: every(200),
    request: async (c) => ({ method: 'POST', url: c.unsubscribePath(await c.freshUser(), 'messages') }),
  },

  // ---------------------------------------------------------------- wishlist (per user)
  privateGet(
    '/api/core/wishlist/ids',
    '/api/core/wishlist/ids?listname=Beaches',
    (c) => c.featureIds[0] ?? '',
  ),
  privateGet('/api/core/wishlist/listnames', '/api/core/wishlist/listnames', () => 'Beaches'),
  privateGet(
    '/api/core/wishlist/all',
    '/api/core/wishlist/all?listname=Beaches',
    (c) => c.featureIds[0] ?? '',
  ),
  {
    route: 'POST /api/core/wishlist/move',
    scope: 'user',
    // Each caller moves within their own lists: the owner and the stranger each have theirs.
    expected: signedIn(200),
    request: async (c) => {
      const [owner, stranger] = [await c.freshUser(), await c.freshUser()];
      const featureId = c.featureIds[1] ?? '';
      for (const user of [owner, stranger]) {
        await c.createList(user, 'Later');
        await c.saveToWishlist(user, featureId);
      }
      return {
        method: 'POST',
        url: '/api/core/wishlist/move',
        payload: { featureId, from: 'default', to: 'Later' },
        cast: { owner, stranger },
      };
    },
  },
  ownWrite('POST', '/api/core/wishlist', 201, (_owner, c) => ({ featureId: c.featureIds[1] })),
  ...['/api/wishlist/:featureId', '/api/core/wishlist/:featureId'].map((route): MatrixRow => ({
    route: `DELETE ${route}`,
    scope: 'user',
    // Per user: a stranger's delete acts on the stranger's own (empty) list, never the owner's.
    expected: signedIn(200),
    request: async (c) => ({
      method: 'DELETE',
      url: `${route.replace(':featureId', c.featureIds[0] ?? '')}?listname=Beaches`,
      verify: async (res, actor) => {
        if (actor !== 'owner' && !res.body.includes('"ids":[]'))
          throw new Error(`${actor} was answered someone else's list: ${res.body}`);
      },
    }),
  })),
  ownWrite('POST', '/api/core/wishlist/lists', 201, () => ({ name: 'Mountains' })),
  {
    route: 'PATCH /api/core/wishlist/lists/:listname',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async () => ({
      method: 'PATCH',
      url: '/api/core/wishlist/lists/Beaches',
      payload: { name: 'Beaches' },
    }),
  },
  {
    route: 'DELETE /api/core/wishlist/lists/:listname',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async (c) => {
      const owner = await c.freshUser();
      await c.createList(owner, 'Trash');
      return { method: 'DELETE', url: '/api/core/wishlist/lists/Trash', cast: { owner } };
    },
  },

  // ---------------------------------------------------------------- trips (docs/trips-permissions.md)
  {
    route: 'POST /api/core/trips',
    scope: 'user',
    expected: signedIn(201),
    request: async (c) => ({ method: 'POST', url: '/api/core/trips', payload: { placeId: c.placeId } }),
  },
  {
    route: 'GET /api/core/trips',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => ({ ...get('/api/core/trips'), verify: noLeak((await c.sharedTrip()).tripId) }),
  },
  {
    route: 'GET /api/core/trips/upcoming',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => ({
      ...get('/api/core/trips/upcoming'),
      verify: noLeak((await c.sharedTrip()).tripId),
    }),
  },
  tripRow('GET', '', trip(ALL_ROLES, 200)),
  {
    route: 'GET /api/core/trips/features/:tripId',
    scope: 'trip',
    expected: trip(ALL_ROLES, 200),
    request: async (c) => get(`/api/core/trips/features/${(await c.sharedTrip()).tripId}`),
  },
  {
    route: 'PATCH /api/core/trips/update/:id',
    variant: 'name and transport',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => ({
      method: 'PATCH',
      url: `/api/core/trips/update/${(await c.sharedTrip()).tripId}`,
      payload: { tripName: 'Matrix trip', transportMode: 'public' },
    }),
  },
  {
    route: 'PATCH /api/core/trips/update/:id',
    variant: 'image',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => ({
      method: 'PATCH',
      url: `/api/core/trips/update/${(await c.sharedTrip()).tripId}`,
      payload: { image: c.featureImage },
    }),
  },
  {
    route: 'POST /api/core/trips/:id/upload',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => ({
      method: 'POST',
      url: tripUrl(await c.sharedTrip(), '/upload'),
      ...c.imageUpload(),
    }),
  },
  tripRow('DELETE', '', trip(ADMIN, 200), 'fresh'),
  {
    route: 'POST /api/core/trips/:id/features',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => {
      const scene = await c.sharedTrip();
      return {
        method: 'POST',
        url: tripUrl(scene, '/features'),
        payload: { featureIds: [scene.newFeatureId] },
      };
    },
  },
  itemRow('DELETE', '/features/:featureId', trip(EDITORS, 200), (_c, scene) => scene.keptFeatureId),
  {
    route: 'POST /api/core/trips/:id/members',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      return {
        method: 'POST',
        url: tripUrl(scene, '/members'),
        payload: { userId: scene.spare.id, role: 'guest' },
      };
    },
  },
  itemRow('PATCH', '/members/:userId', trip(ADMIN, 200), (c) => c.users.guide.id, {
    payload: { role: 'driver' },
  }),
  {
    route: 'POST /api/core/trips/:id/members/:userId/hand-over',
    scope: 'trip',
    // To the viewer (any role may receive it); the viewer's own call is refused by the policy first.
    expected: trip(ADMIN, 200),
    request: async (c) => ({
      method: 'POST',
      url: tripUrl(await c.freshTrip(), `/members/${c.users.viewer.id}/hand-over`),
    }),
  },
  {
    route: 'DELETE /api/core/trips/:id/members/:userId',
    variant: 'someone else',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c, actor) => {
      const scene = await c.freshTrip();
      const target = actor === 'member' ? c.users.driver : c.users.member;
      return { method: 'DELETE', url: tripUrl(scene, `/members/${target.id}`) };
    },
  },
  {
    route: 'DELETE /api/core/trips/:id/members/:userId',
    variant: 'own id: leave',
    scope: 'trip',
    // Two admins (owner and admin), so either may leave; a stranger is no member: 404.
    expected: trip(ALL_ROLES, 200),
    request: async (c, actor) => {
      const scene = await c.freshTrip();
      const self = actor === 'anonymous' ? c.users.owner : c.users[actor];
      return { method: 'DELETE', url: tripUrl(scene, `/members/${self.id}`) };
    },
  },
  tripRow('GET', '/planner', trip(ALL_ROLES, 200)),
  tripRow('POST', '/planner/notes', trip(EDITORS, 200), 'shared', { date: null, text: 'Matrix note' }),
  itemRow('PATCH', '/planner/items/:itemId', trip(EDITORS, 200), (_c, scene) => scene.noteId, {
    payload: { time: '09:30' },
    scene: 'shared',
  }),
  itemRow('POST', '/planner/items/:itemId/move', trip(EDITORS, 200), (_c, scene) => scene.noteId, {
    payload: { date: null, index: 0 },
    scene: 'shared',
  }),
  itemRow('DELETE', '/planner/items/:itemId', trip(EDITORS, 200), (_c, scene) => scene.noteId),
  tripRow('GET', '/routes', trip(ALL_ROLES, 200)),
  {
    route: 'POST /api/core/trips/:id/planner/days/:date/optimise',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => ({
      method: 'POST',
      url: tripUrl(await c.freshTrip(), `/planner/days/${day(1)}/optimise`),
      payload: { apply: true },
    }),
  },
  {
    route: 'PATCH /api/core/trips/:id/planner/days/:date/start',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => ({
      method: 'PATCH',
      url: tripUrl(await c.freshTrip(), `/planner/days/${day(1)}/start`),
      payload: { start: '10:00', version: 0 },
    }),
  },
  {
    route: 'PUT /api/core/trips/:id/planner/days/:date/order',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      return {
        method: 'PUT',
        url: tripUrl(scene, `/planner/days/${day(1)}/order`),
        payload: { itemIds: [scene.noteId] },
      };
    },
  },
  tripRow('GET', '/checklist', trip(PARTICIPANTS, 200)),
  tripRow('PUT', '/checklist', trip(PARTICIPANTS, 200), 'shared', { entries: ['Passport'] }),
  tripRow('PATCH', '/checklist', trip(PARTICIPANTS, 200), 'shared', { tick: ['Passport'] }),
  tripRow('GET', '/calendar.ics', trip(ALL_ROLES, 200)),
  // The random token in the URL is the key: anyone holding it reads the feed.
  publicGet('/api/core/trips/calendar-feed/:token', async (c) => await c.calendarFeedPath()),
  tripRow('GET', '/calendar-feed', trip(ADMIN, 200)),
  tripRow('POST', '/calendar-feed', trip(ADMIN, 200)),
  tripRow('DELETE', '/calendar-feed', trip(ADMIN, 200), 'fresh'),
  tripRow('GET', '/invites', trip(ADMIN, 200)),
  tripRow('POST', '/invites', trip(ADMIN, 200), 'fresh', { role: 'viewer', expiresInDays: 1 }),
  {
    route: 'POST /api/core/trips/:id/invites/email',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => ({
      method: 'POST',
      url: tripUrl(await c.freshTrip(), '/invites/email'),
      // A new address per run: invitations to one address are capped per hour.
      payload: { email: uniqueEmail('invited-by-matrix'), role: 'guest' },
    }),
  },
  itemRow(
    'DELETE',
    '/invites/:inviteId',
    trip(ADMIN, 200),
    async (c, scene) => (await c.invitePath(scene)).id,
  ),
  // Opening the link blocks nothing (a mail scanner would): it leads everyone to the web page.
  publicGet('/api/core/invites/block', async (c) => await c.inviteBlockPath(await c.sharedTrip()), 303),
  // The token only the invitation mail carries is the key: whoever posts it blocks.
  {
    route: 'POST /api/core/invites/block',
    scope: 'public',
    expected: every(200),
    request: async (c) => ({ method: 'POST', url: await c.inviteBlockPath(await c.sharedTrip()) }),
  },
  {
    route: 'GET /api/core/invites/:token',
    scope: 'user',
    // The token is the key: any signed-in person holding it sees the preview.
    expected: signedIn(200),
    request: async (c) =>
      get(`/api/core${(await c.invitePath(await c.sharedTrip())).path.replace('/invite/', '/invites/')}`),
  },
  {
    route: 'POST /api/core/invites/:token/join',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => {
      const { path } = await c.invitePath(await c.freshTrip());
      return { method: 'POST', url: `/api/core${path.replace('/invite/', '/invites/')}/join` };
    },
  },
  tripRow('GET', '/share', trip(ADMIN, 200)),
  tripRow('POST', '/share', trip(ADMIN, 200), 'fresh'),
  tripRow('DELETE', '/share', trip(ADMIN, 200), 'fresh'),
  // The random token in the URL is the key: anyone holding it reads the shared trip.
  publicGet('/api/core/share/:token', async (c) => `/api/core${await c.sharePath(await c.freshTrip())}`),
  {
    route: 'GET /api/core/trips/:id/packing',
    scope: 'trip',
    // Part of the trip, not a private extra: viewers read it too (and change nothing, below).
    expected: trip(ALL_ROLES, 200),
    request: async (c) => get(tripUrl(await c.sharedTrip(), '/packing')),
  },
  tripRow('POST', '/packing', trip(PARTICIPANTS, 200), 'fresh', { text: 'Sunscreen' }),
  itemRow('PATCH', '/packing/:itemId', trip(PARTICIPANTS, 200), (c, scene) => c.packingItem(scene), {
    payload: { done: true },
  }),
  itemRow('DELETE', '/packing/:itemId', trip(PARTICIPANTS, 200), (c, scene) => c.packingItem(scene)),
  // The trip's places of its own: every role reads them; those who edit the trip change them.
  tripRow('GET', '/places', trip(ALL_ROLES, 200)),
  tripRow('POST', '/places', trip(EDITORS, 200), 'fresh', { name: 'Our flat', lat: 38.7118, lng: -9.1303 }),
  itemRow('PATCH', '/places/:placeId', trip(EDITORS, 200), (c, scene) => c.tripPlace(scene), {
    payload: { name: 'The flat' },
  }),
  itemRow('DELETE', '/places/:placeId', trip(EDITORS, 200), (c, scene) => c.tripPlace(scene)),
  // Bookings: every role reads them; those who edit the trip add them; the one who added a booking
  // or an admin changes it (the owner, an admin, added these: other roles get 403).
  tripRow('GET', '/bookings', trip(ALL_ROLES, 200)),
  tripRow('POST', '/bookings', trip(EDITORS, 200), 'fresh', {
    kind: 'flight',
    start: { local: '2031-01-02T07:40', place: { iata: 'LIS' } },
    end: { local: '2031-01-02T12:50', place: { iata: 'JFK' } },
  }),
  tripRow('POST', '/bookings/import', trip(EDITORS, 200), 'shared', {
    format: 'html',
    content: '<p>No markup here</p>',
  }),
  itemRow('PATCH', '/bookings/:bookingId', trip(ADMIN, 200), (c, scene) => c.tripBooking(scene), {
    payload: { seat: '12A' },
  }),
  itemRow('DELETE', '/bookings/:bookingId', trip(ADMIN, 200), (c, scene) => c.tripBooking(scene)),
  // A booking's files: every member reads them; those who add bookings attach to any booking; who
  // attached a file, who added the booking (the owner, here) or an admin removes it.
  {
    route: 'POST /api/core/trips/:id/bookings/:bookingId/files',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      const id = await c.tripBooking(scene);
      return { method: 'POST', url: tripUrl(scene, `/bookings/${id}/files`), ...c.imageUpload() };
    },
  },
  {
    route: 'GET /api/core/trips/:id/bookings/:bookingId/files/:fileId',
    scope: 'trip',
    expected: trip(ALL_ROLES, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      return get(tripUrl(scene, await c.bookingFile(scene)));
    },
  },
  {
    route: 'DELETE /api/core/trips/:id/bookings/:bookingId/files/:fileId',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      return { method: 'DELETE', url: tripUrl(scene, await c.bookingFile(scene)) };
    },
  },
  // The trip's history (decision 035): every member reads it; its author or an admin undoes.
  tripRow('GET', '/history', trip(ALL_ROLES, 200)),
  itemRow('POST', '/history/:entryId/undo', trip(ADMIN, 200), (c, scene) => c.historyEntry(scene)),
  // Live presence (issue 35): every member, viewer included, announces, reads and leaves.
  tripRow('GET', '/presence', trip(ALL_ROLES, 200)),
  tripRow('PUT', '/presence', trip(ALL_ROLES, 200), 'shared', { editing: null }),
  tripRow('DELETE', '/presence', trip(ALL_ROLES, 200)),
  // ---------------------------------------------------------------- money (issue 24)
  publicGet('/api/core/currencies'),
  {
    route: 'GET /api/core/trips/:id/budget',
    scope: 'trip',
    // Guests, others and viewers only when the admin shares the money (off by default).
    expected: trip(EDITORS, 200),
    request: async (c) => get(tripUrl(await c.sharedTrip(), '/budget')),
  },
  tripRow('PUT', '/budget', trip(ADMIN, 200), 'fresh', { planned: '500' }),
  tripRow('GET', '/expenses', trip(EDITORS, 200)),
  {
    route: 'POST /api/core/trips/:id/expenses',
    variant: 'paid by the caller',
    scope: 'trip',
    expected: trip(EDITORS, 201),
    request: async (c, actor) => ({
      method: 'POST',
      url: tripUrl(await c.freshTrip(), '/expenses'),
      payload: expenseBody(c.users[actor === 'anonymous' ? 'owner' : actor].id),
    }),
  },
  {
    route: 'POST /api/core/trips/:id/expenses',
    variant: 'paid by someone else',
    scope: 'trip',
    // Only an admin records an expense another traveller paid (the owner is an admin too).
    expected: trip(ADMIN, 201),
    request: async (c, actor) => ({
      method: 'POST',
      url: tripUrl(await c.freshTrip(), '/expenses'),
      payload: expenseBody(c.users[actor === 'member' ? 'driver' : 'member'].id),
    }),
  },
  {
    route: 'PUT /api/core/trips/:id/expenses/:expenseId',
    scope: 'trip',
    // The owner added it; other editors are not its author: only admins change it.
    expected: trip(ADMIN, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      const id = await c.expense(scene);
      return {
        method: 'PUT',
        url: tripUrl(scene, `/expenses/${id}`),
        payload: expenseBody(c.users.owner.id),
      };
    },
  },
  itemRow('DELETE', '/expenses/:expenseId', trip(ADMIN, 200), (c, scene) => c.expense(scene)),
  {
    route: 'PUT /api/core/trips/:id/expenses/:expenseId/receipt',
    scope: 'trip',
    expected: trip(ADMIN, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      const id = await c.expense(scene);
      return { method: 'PUT', url: tripUrl(scene, `/expenses/${id}/receipt`), ...c.imageUpload() };
    },
  },
  {
    route: 'GET /api/core/trips/:id/expenses/:expenseId/receipt',
    scope: 'trip',
    // The owner paid and shares it alone: other editors are not in it, only admins see it.
    expected: trip(ADMIN, 200),
    request: async (c) => {
      const scene = await c.freshTrip();
      return get(tripUrl(scene, `/expenses/${await c.expense(scene, true)}/receipt`));
    },
  },
  itemRow('DELETE', '/expenses/:expenseId/receipt', trip(ADMIN, 200), (c, scene) => c.expense(scene, true)),
  tripRow('GET', '/balances', trip(EDITORS, 200)),
  // One's own part of the money: everyone in the trip, whatever the admin shares (issue 35).
  tripRow('GET', '/money/mine', trip(ALL_ROLES, 200)),
  // The trips one left with money open: each caller their own (issue 35).
  userGet('/api/core/money/open'),
  ...settlementRows('member', 'owner', ['admin', 'member']),
  ...settlementRows('driver', 'guide', ['admin', 'driver', 'guide']),
  // A settlement is deleted by its payer, its payee or an admin (issue 35).
  itemRow(
    'DELETE',
    '/expenses/:expenseId',
    trip(['admin', 'driver', 'guide'], 200),
    (c, scene) => c.settlement(scene, c.users.driver, c.users.guide),
    { variant: 'a settlement the driver paid the guide' },
  ),
  {
    route: 'GET /api/core/trips/:id/rates',
    scope: 'trip',
    expected: trip(EDITORS, 200),
    request: async (c) => get(tripUrl(await c.sharedTrip(), '/rates?currency=EUR')),
  },
  tripRow('GET', '/expenses.csv', trip(EDITORS, 200)),
  tripRow('GET', '/balances.csv', trip(EDITORS, 200)),
  // ---------------------------------------------------------------- trip chat (issue 21)
  tripRow('GET', '/chat', trip(ALL_ROLES, 200)),
  tripRow('POST', '/chat/messages', trip(PARTICIPANTS, 201), 'fresh', { text: 'Hi crew' }),
  // ---------------------------------------------------------------- account: download my data (issue 22)
  // Each caller starts an export of their own data.
  ownWrite('POST', '/api/account/exports', 201),
  {
    route: 'GET /api/account/exports/latest',
    scope: 'user',
    expected: signedIn(200),
    request: async (c) => {
      const owner = await c.freshUser();
      const id = await c.readyExport(owner);
      // Each caller sees only their own: the stranger's latest is none.
      return {
        ...get('/api/account/exports/latest'),
        cast: { owner },
        verify: (res, actor) => {
          if (actor === 'stranger' && res.body.includes(id)) throw new Error('the stranger sees the export');
        },
      };
    },
  },
  {
    route: 'GET /api/account/exports/:id',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async (c) => {
      const owner = await c.freshUser();
      return { ...get(`/api/account/exports/${await c.readyExport(owner)}`), cast: { owner } };
    },
  },
  {
    route: 'GET /api/account/exports/:id/download',
    scope: 'user',
    expected: { anonymous: 401, stranger: 404, owner: 200 },
    request: async (c) => {
      const owner = await c.freshUser();
      return { ...get(`/api/account/exports/${await c.readyExport(owner)}/download`), cast: { owner } };
    },
  },
];
