/** Test data and a stateful fetch mock of the wishlist endpoints (component tests only). */
import type { Feature } from '@tripcrew/contracts/features';
import type { WishlistItem } from '@tripcrew/contracts/wishlist';
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from '../../../lib/testing/fetch-mock.ts';

export function makeWishFeature(id: string, overrides: Partial<Feature> = {}): Feature {
  return {
    _id: id,
    title: `Feature ${id}`,
    address: `Street ${id}`,
    description: `About ${id}.`,
    rank: 1,
    image: { original: `/images/${id}.jpg` },
    categoryId: [],
    model: 'places',
    coordinates: null,
    placeId: 'p-1',
    ...overrides,
  };
}

type Handler = (request: RecordedRequest) => Response | undefined;

export interface WishlistApiOptions {
  /** Lists with their features; 'default' is created when missing. */
  lists?: Record<string, Feature[]>;
  /** Features known to the API (what POST can add). */
  catalogue?: Feature[];
  failAdd?: boolean;
  failRemove?: boolean;
  extra?: Handler;
}

const notFound = (message: string) => jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message });
const conflict = (message: string) => jsonResponse(409, { statusCode: 409, code: 'CONFLICT', message });
const boom = () => jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' });

/**
 * A fetch mock answering the wishlist endpoints like the API would: POST adds and DELETE removes
 * (on ?listname= / {listname}), and named lists are created, renamed and deleted (409 on a taken name).
 */
export function mockWishlistApi(options: WishlistApiOptions = {}) {
  setCookie('csrf-token', 'test-csrf');
  const lists: Record<string, Feature[]> = { default: [], ...options.lists };
  const known = new Map<string, Feature>();
  for (const feature of [...(options.catalogue ?? []), ...Object.values(lists).flat()])
    known.set(feature._id, feature);
  const ids = (name: string) => (lists[name] ?? []).map((feature) => feature._id);
  const taken = (name: string, except?: string) =>
    Object.keys(lists).some((list) => list !== except && list.toLowerCase() === name.toLowerCase());

  const fetch = mockFetch((request) => {
    const custom = options.extra?.(request);
    if (custom) return custom;
    const { path, method, query } = request;
    if (path === '/core/wishlist/ids' && method === 'GET')
      return jsonResponse(200, ids(query.get('listname') ?? 'default'));
    if (path === '/core/wishlist/listnames' && method === 'GET') return jsonResponse(200, Object.keys(lists));
    if (path === '/core/wishlist/all' && method === 'GET') {
      const name = query.get('listname') ?? 'default';
      const items: WishlistItem[] = (lists[name] ?? []).map((feature) => ({
        _id: feature._id,
        listname: name,
        createdAt: '2031-01-01T00:00:00.000Z',
        feature,
      }));
      return jsonResponse(200, items);
    }
    if (path === '/core/wishlist' && method === 'POST') {
      if (options.failAdd) return boom();
      const { featureId, listname = 'default' } = request.body as { featureId: string; listname?: string };
      const list = lists[listname];
      if (!list) return notFound(`You have no list named "${listname}": create it first.`);
      const feature = known.get(featureId);
      if (feature && !ids(listname).includes(featureId)) lists[listname] = [...list, feature];
      return jsonResponse(200, { listname, ids: ids(listname) });
    }
    if (path === '/core/wishlist/move' && method === 'POST') {
      const { featureId, from, to } = request.body as { featureId: string; from: string; to: string };
      const source = lists[from];
      const target = lists[to];
      if (!source || !target) return notFound(`You have no list named "${!source ? from : to}".`);
      const feature = source.find((item) => item._id === featureId);
      if (!feature) return notFound(`This place is not on your list "${from}".`);
      if (!ids(to).includes(featureId)) lists[to] = [...target, feature];
      lists[from] = source.filter((item) => item._id !== featureId);
      return jsonResponse(200, {
        from: { listname: from, ids: ids(from) },
        to: { listname: to, ids: ids(to) },
      });
    }
    const removal = /^(?:\/core)?\/wishlist\/([^/]+)$/.exec(path);
    if (removal && method === 'DELETE' && removal[1] !== 'lists') {
      if (options.failRemove) return boom();
      const listname = query.get('listname') ?? 'default';
      lists[listname] = (lists[listname] ?? []).filter((feature) => feature._id !== removal[1]);
      return jsonResponse(200, { listname, ids: ids(listname) });
    }
    if (path === '/core/wishlist/lists' && method === 'POST') {
      const { name } = request.body as { name: string };
      if (taken(name)) return conflict(`You already have a list named "${name}".`);
      lists[name] = [];
      return jsonResponse(201, Object.keys(lists));
    }
    const listRoute = /^\/core\/wishlist\/lists\/(.+)$/.exec(path);
    if (listRoute && (method === 'PATCH' || method === 'DELETE')) {
      const from = decodeURIComponent(listRoute[1] ?? '');
      if (!lists[from]) return notFound(`You have no list named "${from}".`);
      if (method === 'PATCH') {
        const { name } = request.body as { name: string };
        if (taken(name, from)) return conflict(`You already have a list named "${name}".`);
        const renamed = Object.entries(lists).map(
          ([key, value]) => [key === from ? name : key, value] as const,
        );
        for (const key of Object.keys(lists)) delete lists[key];
        Object.assign(lists, Object.fromEntries(renamed));
      } else delete lists[from];
      return jsonResponse(200, Object.keys(lists));
    }
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
  return { fetch, lists };
}
