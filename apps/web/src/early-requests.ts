/**
 * Start-up, before the app's code has arrived (PERF-07): index.html loads this small script on
 * its own (`async`, it imports nothing), and it asks for the data of the page being opened while
 * the app's JavaScript downloads. The API client takes the answers (lib/early-responses.ts).
 *
 * - A trip page (`/trips/{id}`, signed in): the trip and, on its default tab, the trip's features;
 *   once they are in, the first card's picture, the largest thing on a phone's first screen.
 * - A place page opened on a place (`/place/…?place={id}`): the place.
 * - On both, what their feature cards show besides: the categories (the cards' icons) and, signed
 *   in, the ids on the default wishlist (the hearts), each only when the copy the app saved has
 *   expired, as the app itself would ask. Arriving with the rest, they are in the page's first
 *   render instead of rendering every card again when they come.
 *
 * It sends what the API client would send (same URL, access token and headers), so the answer is
 * the one the app would have got. The start-up prefetch (app/layout/first-page-prefetch.ts) asks
 * for the same things again when this script could not run.
 *
 * The paths and storage keys come from the modules' query definitions (their `*-keys.ts` files,
 * which import nothing), never written here again.
 */
import type { EarlyRequest } from './lib/early-responses.ts';
import { AUTH_STORAGE_KEY } from './modules/auth/state/auth-storage.ts';
import { CATEGORIES_PATH, CATEGORIES_STORAGE_KEY } from './modules/categories/api/category-keys.ts';
import { placePathById } from './modules/places/api/place-keys.ts';
import { DEFAULT_TRIP_TAB, TRIP_TAB_IDS } from './modules/trips/components/trip-detail/trip-tab.ts';
import { tripFeaturesPath, tripPath } from './modules/trips/api/trip-keys.ts';
import { WISHLIST_DEFAULT_IDS_URL, WISHLIST_STORAGE_KEY } from './modules/wishlist/api/wishlist-keys.ts';

/** As lib/api-config.ts: '/api' unless VITE_API_URL is set. */
function apiBase(): string {
  const value: unknown = import.meta.env.VITE_API_URL;
  const base = typeof value === 'string' && value.trim() !== '' ? value.trim() : '/api';
  return base.replace(/\/+$/, '');
}

/** The access token redux-persist keeps under 'auth' (app/store/store.ts), or null. */
export function storedAccessToken(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const saved = storage.getItem(AUTH_STORAGE_KEY);
    if (!saved) return null;
    const slice: unknown = JSON.parse(saved);
    if (typeof slice !== 'object' || slice === null || !('accessToken' in slice)) return null;
    const field = slice.accessToken;
    const token: unknown = typeof field === 'string' ? JSON.parse(field) : null;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    // Unreadable or not what the app wrote: the app sorts its session out itself.
    return null;
  }
}

/** The `expireAt` redux-persist keeps in a saved slice (the categories, the wishlist), or 0. */
export function storedExpireAt(storage: Pick<Storage, 'getItem'>, key: string): number {
  try {
    const saved = storage.getItem(key);
    if (!saved) return 0;
    const slice: unknown = JSON.parse(saved);
    if (typeof slice !== 'object' || slice === null || !('expireAt' in slice)) return 0;
    const field = slice.expireAt;
    const value: unknown = typeof field === 'string' ? JSON.parse(field) : null;
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** The storage keys and API paths of what feature cards show besides the features. */
export const CARD_DATA = {
  categoriesKey: CATEGORIES_STORAGE_KEY,
  categoriesPath: CATEGORIES_PATH,
  wishlistKey: WISHLIST_STORAGE_KEY,
  wishlistIdsPath: WISHLIST_DEFAULT_IDS_URL,
} as const;

/**
 * The categories (public) when the saved list has expired, and the default wishlist's ids (with
 * the session) when a token is saved and the saved ids have expired — what the app's own reload
 * rules would ask for (categories/api/use-categories.ts, wishlist/state/use-wishlist-loader.ts).
 */
export function cardDataPaths(
  storage: Pick<Storage, 'getItem'>,
  token: string | null,
  now: number,
): { path: string; public: boolean }[] {
  const paths: { path: string; public: boolean }[] = [];
  if (!(storedExpireAt(storage, CARD_DATA.categoriesKey) > now)) {
    paths.push({ path: CARD_DATA.categoriesPath, public: true });
  }
  if (token && now > storedExpireAt(storage, CARD_DATA.wishlistKey)) {
    paths.push({ path: CARD_DATA.wishlistIdsPath, public: false });
  }
  return paths;
}

/** As features/components/fallback-image.ts `compressed`: feature cards at about 540x540. */
export const cardImageUrl = (url: string): string =>
  url.startsWith('data:') ? url : `${url}${url.includes('?') ? '&' : '?'}compress=540x540`;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The API paths the page at `location` shows first, and whether they are sent with the session. A
 * place is public and the same for everyone: it is asked for without one, and serves the app
 * whether or not its session is back yet.
 */
export function firstPagePaths(location: Pick<Location, 'pathname' | 'search'>): {
  paths: string[];
  signedIn: boolean;
} {
  const params = new URLSearchParams(location.search);
  const trip = /^\/trips\/([^/]+)\/?$/.exec(location.pathname);
  const tripId = trip?.[1] ? decoded(trip[1]) : null;
  if (tripId) {
    const tab = params.get('tab');
    // SPEC §2: features is the default tab (trip-detail/trip-tab.ts).
    const shown = tab !== null && TRIP_TAB_IDS.includes(tab) ? tab : DEFAULT_TRIP_TAB;
    return {
      paths: [tripPath(tripId), ...(shown === 'features' ? [tripFeaturesPath(tripId)] : [])],
      signedIn: true,
    };
  }
  const placeId = params.get('place');
  if (location.pathname.startsWith('/place/') && placeId) {
    return { paths: [placePathById(placeId)], signedIn: false };
  }
  return { paths: [], signedIn: false };
}

/** The first card's picture of a trip's features answer, asked for at once. */
async function preloadFirstCard(response: Response, doc: Document): Promise<void> {
  if (response.status !== 200) return;
  const features: unknown = await response.json();
  if (!Array.isArray(features)) return;
  const first: unknown = features[0];
  const image = typeof first === 'object' && first !== null && 'image' in first ? first.image : null;
  const original = typeof image === 'object' && image !== null && 'original' in image ? image.original : null;
  if (typeof original !== 'string' || original === '' || original.startsWith('data:')) return;
  // As lib/preload-image.ts: the card's <img> (same URL, no crossorigin) takes this answer.
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', cardImageUrl(original));
  doc.head.append(link);
}

/** Sends the first page's requests; resolves nothing, never throws. */
export function startEarlyRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem'>,
  send: typeof fetch,
  doc: Document,
  now = Date.now(),
): EarlyRequest[] {
  const { paths, signedIn } = firstPagePaths(location);
  if (paths.length === 0) return [];
  const token = storedAccessToken(storage);
  if (signedIn && !token) return [];
  const requests = [
    ...paths.map((path) => ({ path, public: !signedIn })),
    ...cardDataPaths(storage, token, now),
  ];
  const firstTripFeatures = paths.find((path) => path.startsWith(tripFeaturesPath('')));
  return requests.map(({ path, public: isPublic }) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (!isPublic && token) headers.Authorization = `Bearer ${token}`;
    const url = `${apiBase()}${path}`;
    const response = send(url, { method: 'GET', headers, credentials: 'include' });
    if (path === firstTripFeatures) {
      response.then((answer) => preloadFirstCard(answer.clone(), doc)).catch(() => undefined);
    }
    // A failure is the app's to see when it takes the answer; nobody may hear of it before.
    response.catch(() => undefined);
    return { url, token: isPublic ? null : token, public: isPublic, at: now, response };
  });
}

try {
  window.tripcrewEarlyRequests = startEarlyRequests(
    window.location,
    window.localStorage,
    window.fetch.bind(window),
    document,
  );
} catch {
  // Storage refused or unreadable: the app asks for its data itself.
}
