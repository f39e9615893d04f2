import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEachTest, renderRoutes } from '../../../test/shell-test-utils.tsx';
import { CREW_SEARCH_HINT } from '../../modules/crew/components/crew-search.tsx';
import { EMPTY_CREW_TEXT } from '../../modules/crew/components/crew-list.tsx';
import { makeCrewRequest, makeCrewUser, mockCrewApi } from '../../modules/crew/testing/crew-fixtures.ts';
import { CrewPage } from './crew.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';
import { myCrewQueryOptions } from '../../modules/crew/api/get-my-crew.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

const ADA = makeCrewUser('u-ada', 'Ada', 'Lovelace');
const BOB = makeCrewUser('u-bob', 'Bob', 'Stone');
const CYD = makeCrewUser('u-cyd', 'Cyd', 'Charisse');
const DEE = makeCrewUser('u-dee', 'Dee', 'Dee');

function renderCrew() {
  return renderRoutes(
    [
      { path: '/crew', element: <CrewPage /> },
      { path: '/profile/:profileId', element: <p>profile page</p> },
    ],
    { path: '/crew' },
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search people' });
}

async function search(text: string) {
  fireEvent.change(searchBox(), { target: { value: text } });
  await advance(500);
}

const section = (name: string) => screen.getByRole('region', { name });

fakeTimersEachTest();

describe('CrewPage', () => {
  it('[CREW-01] the search box hints "name, email or phone number" and searches only with at least 3 letters or digits, or a whole email', async () => {
    const { fetch } = mockCrewApi({ search: [ADA] });
    renderCrew();
    const box = searchBox();
    expect(i18n._(CREW_SEARCH_HINT)).toBe('name, email or phone number');
    expect(box.getAttribute('placeholder')).toBe('name, email or phone number');
    // As the browser applies it: the whole value, with the v flag.
    const pattern = new RegExp(`^(?:${box.getAttribute('pattern')})$`, 'v');
    expect(pattern.test('Ada42')).toBe(true);
    expect(pattern.test('ada@x.io')).toBe(true);
    expect(pattern.test('ada@x')).toBe(false);
    expect(pattern.test('ad.a')).toBe(false);
    const searches = () => fetch.to('/users/crew/search', 'GET');

    await search('ad');
    await search('a d');
    await search('ada@');
    expect(screen.getByText('Type the whole email address, like ana@example.com.')).toBeTruthy();
    await search('ad.a');
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Letters and digits only, please.')).toBeTruthy();

    // Debounced: nothing before 500 ms, then one call with the trimmed query.
    fireEvent.change(searchBox(), { target: { value: ' Ada1 ' } });
    await advance(400);
    expect(searches()).toHaveLength(0);
    await advance(100);
    await vi.waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]!.query.get('query')).toBe('Ada1');
    expect(await screen.findByRole('link', { name: /Ada Lovelace/ })).toBeTruthy();

    // A whole email address is searched as it is.
    await search('ada@example.com');
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]!.query.get('query')).toBe('ada@example.com');
  });

  it("[CREW-02] a result shows 'request', or its status instead; 'request' calls POST /users/crew/crew-request {userId}", async () => {
    const { fetch } = mockCrewApi({
      search: [
        ADA,
        { ...BOB, status: 'friend' },
        { ...CYD, status: 'pending' },
        { ...DEE, status: 'incoming' },
      ],
    });
    renderCrew();
    await search('abc');
    const results = await screen.findAllByTestId('crew-search-result');
    expect(results).toHaveLength(4);
    expect(within(results[0]!).getByRole('button', { name: /^request/ })).toBeTruthy();
    const statusOf = (row: HTMLElement) => within(row).getByTestId('crew-status').textContent;
    expect([statusOf(results[1]!), statusOf(results[2]!), statusOf(results[3]!)]).toEqual([
      'friend',
      'pending',
      'incoming',
    ]);
    for (const row of results.slice(1)) expect(within(row).queryByRole('button')).toBeNull();

    fireEvent.click(within(results[0]!).getByRole('button', { name: 'request Ada Lovelace' }));
    await vi.waitFor(() => expect(fetch.to('/users/crew/crew-request', 'POST')).toHaveLength(1));
    expect(fetch.to('/users/crew/crew-request', 'POST')[0]!.body).toEqual({ userId: 'u-ada' });
    // The result now shows its new status, and the request shows among the sent ones.
    await vi.waitFor(() => expect(statusOf(screen.getAllByTestId('crew-search-result')[0]!)).toBe('pending'));
    expect(within(screen.getAllByTestId('crew-search-result')[0]!).queryByRole('button')).toBeNull();
    expect(await within(section('Sent requests')).findByRole('link', { name: /Ada Lovelace/ })).toBeTruthy();
  });

  it('[CREW-03] lists the crew (cached GET /users/crew/my-crew) and the incoming and outgoing requests', async () => {
    const { fetch } = mockCrewApi({
      crew: [ADA, BOB],
      incoming: [makeCrewRequest('r-1', CYD)],
      outgoing: [makeCrewRequest('r-2', DEE)],
    });
    renderCrew();
    const crew = section('My crew');
    await vi.waitFor(() => expect(within(crew).getAllByTestId('crew-member')).toHaveLength(2));
    expect(within(crew).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(crew).getByText('Bob Stone')).toBeTruthy();
    expect(myCrewQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET
    expect(fetch.to('/users/crew/my-crew', 'GET')).toHaveLength(1);
    expect(await within(section('Incoming requests')).findByText('Cyd Charisse')).toBeTruthy();
    expect(within(section('Sent requests')).getByText('Dee Dee')).toBeTruthy();
    expect(fetch.to('/users/crew/requests', 'GET')).toHaveLength(1);
  });

  it('[CREW-03] shows skeletons while loading and an empty state without crew', async () => {
    mockCrewApi();
    renderCrew();
    expect(within(section('My crew')).getAllByTestId('crew-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText(i18n._(EMPTY_CREW_TEXT))).toBeTruthy();
    expect(i18n._(EMPTY_CREW_TEXT)).toBe('No one in your crew yet — search for friends above');
  });

  it('[CREW-04] accepting an incoming request removes it from the list and puts the person in the crew', async () => {
    const { fetch } = mockCrewApi({ crew: [ADA], incoming: [makeCrewRequest('r-1', CYD)] });
    renderCrew();
    const incoming = section('Incoming requests');
    fireEvent.click(await within(incoming).findByRole('button', { name: 'accept Cyd Charisse' }));
    await vi.waitFor(() => expect(fetch.to('/users/crew/approve-request/r-1', 'POST')).toHaveLength(1));
    await vi.waitFor(() => expect(within(incoming).queryByText('Cyd Charisse')).toBeNull());
    await vi.waitFor(() => expect(within(section('My crew')).getByText('Cyd Charisse')).toBeTruthy());
    // The cached crew was dropped and fetched again.
    await vi.waitFor(() => expect(fetch.to('/users/crew/my-crew', 'GET')).toHaveLength(2));
  });

  it('[CREW-04] declining an incoming request removes it from the list', async () => {
    const { fetch } = mockCrewApi({ incoming: [makeCrewRequest('r-1', CYD), makeCrewRequest('r-3', BOB)] });
    renderCrew();
    const incoming = section('Incoming requests');
    fireEvent.click(await within(incoming).findByRole('button', { name: 'decline Cyd Charisse' }));
    await vi.waitFor(() => expect(fetch.to('/users/crew/decline-request/r-1', 'POST')).toHaveLength(1));
    await vi.waitFor(() => expect(within(incoming).queryByText('Cyd Charisse')).toBeNull());
    expect(within(incoming).getByText('Bob Stone')).toBeTruthy();
    expect(within(section('My crew')).queryByText('Cyd Charisse')).toBeNull();
  });

  it("[CREW-05] an outgoing request shows 'pending' and can be declined", async () => {
    const { fetch } = mockCrewApi({ outgoing: [makeCrewRequest('r-2', DEE)] });
    renderCrew();
    const sent = section('Sent requests');
    const row = (await within(sent).findAllByTestId('crew-request'))[0]!;
    expect(within(row).getByTestId('crew-status').textContent).toBe('pending');
    fireEvent.click(within(row).getByRole('button', { name: 'decline Dee Dee' }));
    await vi.waitFor(() => expect(fetch.to('/users/crew/decline-request/r-2', 'POST')).toHaveLength(1));
    await vi.waitFor(() => expect(within(sent).queryByText('Dee Dee')).toBeNull());
  });

  it('[CREW-06] every entry links to /profile/{id}', async () => {
    mockCrewApi({
      crew: [ADA],
      incoming: [makeCrewRequest('r-1', CYD)],
      outgoing: [makeCrewRequest('r-2', DEE)],
      search: [BOB],
    });
    const { router } = renderCrew();
    await search('bob');
    await screen.findAllByTestId('crew-search-result');
    await within(section('My crew')).findByText('Ada Lovelace');
    await within(section('Incoming requests')).findByText('Cyd Charisse');
    const hrefs = Object.fromEntries(
      [ADA, BOB, CYD, DEE].map((user) => [
        user._id,
        screen.getByRole('link', { name: new RegExp(`${user.name} ${user.lastName}`) }).getAttribute('href'),
      ]),
    );
    expect(hrefs).toEqual({
      'u-ada': '/profile/u-ada',
      'u-bob': '/profile/u-bob',
      'u-cyd': '/profile/u-cyd',
      'u-dee': '/profile/u-dee',
    });
    fireEvent.click(screen.getByRole('link', { name: /Cyd Charisse/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile/u-cyd'));
  });

  it('[CREW-07] crew call failures are logged only, with no message to the user', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = [vi.spyOn(toast, 'error'), vi.spyOn(toast, 'warn'), vi.spyOn(toast, 'info')];
    const { fetch } = mockCrewApi(
      { search: [ADA] },
      { fail: /^\/users\/crew\/(my-crew|requests|crew-request)/ },
    );
    renderCrew();
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2)); // crew + requests loads
    await search('ada');
    await vi.waitFor(() => expect(fetch.to('/users/crew/search')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'request Ada Lovelace' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(3));
    expect(String(error.mock.calls[2]![0])).toMatch(/crew/i);
    for (const spy of toasts) expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    // The person still offers 'request' (nothing changed).
    expect(screen.getByRole('button', { name: 'request Ada Lovelace' })).toBeTruthy();
  });

  it('removing a crew member asks first; Cancel keeps them, Remove calls DELETE /users/crew/my-crew/{userId}', async () => {
    const { fetch } = mockCrewApi({ crew: [ADA, BOB] });
    renderCrew();
    const crew = section('My crew');
    fireEvent.click(await within(crew).findByRole('button', { name: 'Remove Ada Lovelace from your crew' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from your crew?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.to('/users/crew/my-crew/u-ada')).toHaveLength(0);

    fireEvent.click(within(crew).getByRole('button', { name: 'Remove Ada Lovelace from your crew' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(fetch.to('/users/crew/my-crew/u-ada', 'DELETE')).toHaveLength(1));
    await vi.waitFor(() => expect(within(crew).queryByText('Ada Lovelace')).toBeNull());
    expect(within(crew).getByText('Bob Stone')).toBeTruthy();
  });
});
