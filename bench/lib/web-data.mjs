/**
 * The data the page-speed bench needs, made through the real API of a server seeded with the
 * demo users and the curated catalogue: a place screen's URL, and a signed-in demo user with a
 * trip whose planner holds features on its days, a note and a tray.
 */
import { placePath } from '../../apps/web/src/lib/place-path.ts';

/** The first demo user (apps/api/src/db/seed/demo-users.ts; SEED_DEMO=true). */
export const DEMO_USER = { email: 'ana@tripcrew.test', password: 'Tripcrew-demo-1' };

/** The place the bench opens: a city of the curated catalogue with features. */
const PLACE_QUERY = 'country=portugal&place=lisbon';

/** A small JSON client for one API origin: CSRF double submit and, once signed in, the bearer token. */
export async function createApiClient(base) {
  const health = await fetch(`${base}/api/health`);
  const csrf = /csrf-token=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error(`${base}: GET /api/health set no csrf-token cookie`);
  let accessToken = null;
  async function call(method, path, body) {
    const headers = {
      'x-csrf-token': csrf,
      cookie: `csrf-token=${csrf}`,
      'x-requested-with': 'XMLHttpRequest',
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
  return {
    call,
    signIn: async ({ email, password }) => {
      const session = await call('POST', '/auth/login', { email, password });
      accessToken = session.accessToken;
      return session;
    },
  };
}

/** `YYYY-MM-DD`, `offset` days from today (UTC). */
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Signs in as the demo user, creates a three-day Lisbon trip with eight features, puts five of
 * them on the days, adds a timed note, and returns the pages to measure and the session tokens.
 */
export async function prepareWebData(base) {
  const api = await createApiClient(base);
  const place = await api.call('GET', `/core/places/search?${PLACE_QUERY}`);
  const features = (await api.call('GET', `/core/features/search/?placeId=${place._id}&limit=8`)).data;
  if (features.length < 6) throw new Error(`the catalogue has only ${features.length} features for Lisbon`);

  const session = await api.signIn(DEMO_USER);
  const me = await api.call('GET', '/users/users/me');
  const days = [day(7), day(8), day(9)];
  const { _id: tripId } = await api.call('POST', '/core/trips', {
    placeId: place._id,
    startDate: days[0],
    endDate: days[2],
    featureIds: features.map((f) => f._id),
    categories: ['landmarks'],
  });
  let planner = await api.call('GET', `/core/trips/${tripId}/planner`);
  const tray = planner.tray.map((item) => item._id);
  for (const [i, itemId] of tray.slice(0, 5).entries()) {
    planner = await api.call('POST', `/core/trips/${tripId}/planner/items/${itemId}/move`, {
      date: days[i % days.length],
      index: 0,
    });
  }
  planner = await api.call('POST', `/core/trips/${tripId}/planner/notes`, {
    date: days[0],
    text: 'Tram 28 from Martim Moniz before the crowds',
    time: '09:00',
  });
  const planned = planner.days.reduce((sum, d) => sum + d.items.length, 0);
  if (planned < 6) throw new Error(`the bench trip's planner has ${planned} items on its days, expected 6`);

  return {
    placeTitle: place.title,
    placeUrlPath: placePath(place),
    tripId,
    tripUrlPath: `/trips/${tripId}`,
    plannerItems: planned + planner.tray.length,
    session: {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      // What the app keeps of the signed-in user (modules/users/state/user-slice.ts).
      user: {
        isAuthenticated: true,
        name: me.name,
        lastName: me.lastName,
        image: me.image
          ? { original: me.image.original ?? null, thumbnail: me.image.thumbnail ?? null }
          : null,
        email: me.email,
        _id: me._id,
      },
    },
  };
}

/**
 * localStorage entries of a browser that signed in earlier and already answered the cookie overlay,
 * in the format the web app persists them (redux-persist: an object of JSON strings; keys of SPEC
 * §3): the tokens, the signed-in user and the cookie answer, as the app leaves them after a sign-in.
 */
export function signedInStorage(session) {
  const persisted = (fields) =>
    JSON.stringify({
      ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
  return {
    auth: persisted({ accessToken: session.accessToken, refreshToken: session.refreshToken }),
    user: persisted(session.user),
    'cookie-accept': persisted({ isCookieAccepted: true }),
  };
}
