/** A fake REST list endpoint for component tests: GET, POST, PATCH and DELETE over a list it keeps. */
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from './fetch-mock.ts';

export type ListReply<T> = (request: RecordedRequest, list: T[]) => Response | Promise<Response> | undefined;

interface ListEndpoint<T> {
  /** The list's path ("/core/trips/t-1/places"); an entry's is `${path}/${id}`. */
  path: string;
  initial: T[];
  /** Answers first when it returns a response (errors, other endpoints). */
  reply?: ListReply<T> | undefined;
  /** The entry a POST adds, from its body. */
  add: (body: Record<string, unknown>) => T;
  /** An entry after a PATCH of it. */
  patch: (entry: T, body: Record<string, unknown>) => T;
  /** What a POST and a PATCH answer: the entry written (the default) or the whole list. */
  answer?: 'entry' | 'list';
  /** What a DELETE answers. */
  deleted: unknown;
}

/** A reply refusing every `method` request with a 400 saying `message` (and naming `field`, when given). */
export const refusing =
  (method: string, message: string, field?: string) =>
  (request: RecordedRequest): Response | undefined =>
    request.method === method
      ? jsonResponse(400, { statusCode: 400, code: 'BAD_REQUEST', message, ...(field ? { field } : {}) })
      : undefined;

/** Stubs fetch (with a CSRF cookie) as the endpoint; `setList` replaces what it keeps. */
export function mockListEndpoint<T extends { _id: string }>({
  path: listPath,
  initial,
  reply,
  add,
  patch,
  answer = 'entry',
  deleted,
}: ListEndpoint<T>) {
  setCookie('csrf-token', 'test-csrf');
  let list = initial;
  const written = (entry: T | undefined) => jsonResponse(200, answer === 'list' ? list : entry);
  const fetch = mockFetch((request) => {
    const custom = reply?.(request, list);
    if (custom) return custom;
    const { path, method } = request;
    const body = request.body as Record<string, unknown>;
    if (path === listPath && method === 'GET') return jsonResponse(200, list);
    if (path === listPath && method === 'POST') {
      const added = add(body);
      list = [...list, added];
      return written(added);
    }
    const id = path.split('/').at(-1);
    if (method === 'PATCH') {
      list = list.map((entry) => (entry._id === id ? patch(entry, body) : entry));
      return written(list.find((entry) => entry._id === id));
    }
    if (method === 'DELETE') {
      list = list.filter((entry) => entry._id !== id);
      return jsonResponse(200, deleted);
    }
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
  return { fetch, setList: (next: T[]) => (list = next) };
}
