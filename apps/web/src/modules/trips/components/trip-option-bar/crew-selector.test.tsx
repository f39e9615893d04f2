import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn } from '../../../../../test/shell-test-utils.tsx';
import { TripOptions } from '../../../../app/layout/trip-options.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../../../lib/testing/fetch-mock.ts';
import { makeCrewUser } from '../../../crew/testing/crew-fixtures.ts';
import { useTripDraftUrlSync } from '../../state/use-trip-draft-url-sync.ts';
import { CREW_CHIPS_MAX } from './crew-selector.tsx';
import { settle } from '../../../../../test/settle.ts';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../../../lib/cached-query.ts';
import { myCrewQueryOptions } from '../../../crew/api/get-my-crew.ts';

const CREW = [
  makeCrewUser('u-ada', 'Ada', 'Lovelace'),
  makeCrewUser('u-bob', 'Bob', 'Stone'),
  makeCrewUser('u-cyd', 'Cyd', 'Charisse'),
  makeCrewUser('u-dee', 'Dee', 'Dee'),
  makeCrewUser('u-eve', 'Eve', 'Moss'),
];

/** The bar (with the crew the screen passes in) and the draft ↔ URL sync, as the trip search bar mounts it. */
function Bar() {
  useTripDraftUrlSync();
  return <TripOptions categories={[]} />;
}

function renderBar({ signedIn = true, query = '' } = {}) {
  const fetch = mockFetch((request) =>
    request.path === '/users/crew/my-crew'
      ? jsonResponse(200, CREW)
      : jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'x' }),
  );
  const { store } = makeStore();
  if (signedIn) signIn(store);
  const result = renderRoutes([{ path: '/', element: <Bar /> }], { path: `/${query}`, store });
  return { ...result, fetch };
}

const crewButton = () => screen.getByRole('button', { name: /^Crew:/ });
const crewParam = (router: ReturnType<typeof renderBar>['router']) =>
  new URLSearchParams(router.state.location.search).get('crew');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('CrewSelector in the trip option bar', () => {
  it('[BAR-07] is not shown to visitors', async () => {
    const { fetch } = renderBar({ signedIn: false });
    expect(screen.getByTestId('trip-option-bar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Crew:/ })).toBeNull();
    await settle();
    expect(fetch.to('/users/crew/my-crew')).toHaveLength(0);
  });

  it("[BAR-07] offers the user's crew (cached GET /users/crew/my-crew) and adds the chosen ids to the draft and the URL without duplicates", async () => {
    const { fetch, store, router } = renderBar({ query: '?crew=u-bob' });
    await vi.waitFor(() => expect(store.getState().nextTrip.crew).toEqual(['u-bob']));
    fireEvent.click(crewButton());
    const dropdown = screen.getByRole('group', { name: 'Choose your crew' });
    const options = await within(dropdown).findAllByRole('button');
    expect(options.map((option) => option.textContent)).toEqual(CREW.map((u) => `${u.name} ${u.lastName}`));
    expect(fetch.to('/users/crew/my-crew', 'GET')).toHaveLength(1);
    expect(myCrewQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET

    // Bob (from the URL) is already chosen.
    expect(
      within(dropdown)
        .getByRole('button', { name: /Bob Stone/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(dropdown).getByRole('button', { name: /Ada Lovelace/ }));
    expect(store.getState().nextTrip.crew).toEqual(['u-bob', 'u-ada']);
    await vi.waitFor(() => expect(crewParam(router)).toBe('u-bob,u-ada'));

    // Choosing a chosen one again removes it (never a duplicate).
    fireEvent.click(within(dropdown).getByRole('button', { name: /Bob Stone/ }));
    expect(store.getState().nextTrip.crew).toEqual(['u-ada']);
    await vi.waitFor(() => expect(crewParam(router)).toBe('u-ada'));
    fireEvent.click(within(dropdown).getByRole('button', { name: /Bob Stone/ }));
    const crew = store.getState().nextTrip.crew;
    expect(crew).toEqual(['u-ada', 'u-bob']);
    expect(new Set(crew).size).toBe(crew.length);
  });

  it('[BAR-07] Escape closes the dropdown and gives focus back to the button', async () => {
    renderBar();
    crewButton().focus();
    fireEvent.click(crewButton());
    expect(crewButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Choose your crew' })).toBeNull();
    expect(document.activeElement).toBe(crewButton());
  });

  it('[BAR-08] shows at most 3 avatars in chips (+N for the rest); the dropdown is at most 10rem high and scrolls', async () => {
    const { store } = renderBar({ query: '?crew=u-ada,u-bob,u-cyd,u-dee,u-eve' });
    await vi.waitFor(() => expect(store.getState().nextTrip.crew).toHaveLength(5));
    expect(CREW_CHIPS_MAX).toBe(3);
    const chips = await screen.findByTestId('crew-chips');
    expect(within(chips).getAllByTestId('crew-chip')).toHaveLength(3);
    expect(within(chips).getByTestId('crew-chip-more').textContent).toBe('+2');
    await vi.waitFor(() => expect(within(chips).getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy());

    fireEvent.click(crewButton());
    const dropdown = screen.getByTestId('crew-dropdown');
    expect(dropdown.className).toContain('max-h-40'); // 10rem
    expect(dropdown.className).toContain('overflow-y-auto');
  });

  it('[BAR-08] with 3 or fewer chosen there is no +N chip', async () => {
    const { store } = renderBar({ query: '?crew=u-ada,u-bob' });
    await vi.waitFor(() => expect(store.getState().nextTrip.crew).toHaveLength(2));
    const chips = screen.getByTestId('crew-chips');
    expect(within(chips).getAllByTestId('crew-chip')).toHaveLength(2);
    expect(within(chips).queryByTestId('crew-chip-more')).toBeNull();
  });
});
