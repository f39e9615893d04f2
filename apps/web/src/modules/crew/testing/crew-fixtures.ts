/** Test data and a stateful fetch mock of the crew endpoints (component tests only). */
import type { CrewRequest, CrewSearchResult, CrewUser } from '@tripcrew/contracts/crew';
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from '../../../lib/testing/fetch-mock.ts';

export function makeCrewUser(id: string, name: string, lastName = 'Test'): CrewUser {
  return { _id: id, name, lastName, image: { original: `/u/${id}.jpg`, thumbnail: `/u/${id}-thumb.jpg` } };
}

export function makeCrewRequest(id: string, user: CrewUser): CrewRequest {
  return { _id: id, user, createdAt: '2031-01-01T00:00:00.000Z' };
}

export interface CrewApiState {
  crew: CrewUser[];
  incoming: CrewRequest[];
  outgoing: CrewRequest[];
  search: CrewSearchResult[];
}

type Handler = (request: RecordedRequest) => Response | undefined;

/**
 * A fetch mock answering the crew endpoints from `state`, changing it like the API would
 * (approve moves the person into the crew, decline drops the request, DELETE removes a member).
 * `fail` answers matching paths with 500.
 */
export function mockCrewApi(
  initial: Partial<CrewApiState> = {},
  options: { fail?: RegExp; extra?: Handler } = {},
) {
  setCookie('csrf-token', 'test-csrf');
  const state: CrewApiState = {
    crew: initial.crew ?? [],
    incoming: initial.incoming ?? [],
    outgoing: initial.outgoing ?? [],
    // Copies: the mock changes its entries, the caller's fixtures stay as they were.
    search: (initial.search ?? []).map((person) => ({ ...person })),
  };
  const fetch = mockFetch((request) => {
    const custom = options.extra?.(request);
    if (custom) return custom;
    const { path, method } = request;
    if (options.fail?.test(path))
      return jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' });
    if (path === '/users/crew/my-crew' && method === 'GET') return jsonResponse(200, state.crew);
    if (path === '/users/crew/requests' && method === 'GET')
      return jsonResponse(200, { incoming: state.incoming, outgoing: state.outgoing });
    if (path === '/users/crew/search' && method === 'GET') return jsonResponse(200, state.search);
    if (path === '/users/crew/crew-request' && method === 'POST') {
      const { userId } = request.body as { userId: string };
      const person = state.search.find((entry) => entry._id === userId);
      if (person) {
        person.status = 'pending';
        const { status: _status, ...user } = person;
        state.outgoing = [...state.outgoing, makeCrewRequest(`r-${userId}`, user)];
      }
      return jsonResponse(200, { status: 'pending' });
    }
    const approve = /^\/users\/crew\/approve-request\/(.+)$/.exec(path);
    if (approve && method === 'POST') {
      const found = state.incoming.find((entry) => entry._id === approve[1]);
      state.incoming = state.incoming.filter((entry) => entry._id !== approve[1]);
      if (found) state.crew = [...state.crew, found.user];
      return jsonResponse(200, { ok: true });
    }
    const decline = /^\/users\/crew\/decline-request\/(.+)$/.exec(path);
    if (decline && method === 'POST') {
      state.incoming = state.incoming.filter((entry) => entry._id !== decline[1]);
      state.outgoing = state.outgoing.filter((entry) => entry._id !== decline[1]);
      return jsonResponse(200, { ok: true });
    }
    const member = /^\/users\/crew\/my-crew\/(.+)$/.exec(path);
    if (member && method === 'DELETE') {
      state.crew = state.crew.filter((entry) => entry._id !== member[1]);
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
  return { fetch, state };
}
