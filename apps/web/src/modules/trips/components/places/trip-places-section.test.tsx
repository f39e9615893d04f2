import type { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts, signIn } from '../../../../../test/shell-test-utils.tsx';
import { settle } from '../../../../../test/settle.ts';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { deferred, jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { refusing } from '../../../../lib/testing/list-endpoint.ts';
import { tripKeys } from '../../api/trip-keys.ts';
import {
  bodiesSent,
  failThenTryAgain,
  firstGetWaitsFor,
  saveThroughConflict,
} from '../../testing/trip-list-checks.ts';
import { ID_1, LIST, mockPlaces, place, type Reply } from './place-test-fixtures.ts';
import { PLACES_PURPOSE_TEXT, TripPlacesSection } from './trip-places-section.tsx';

const ID_2 = '22222222-2222-4222-8222-222222222222';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const GOOGLE_LINK =
  'https://www.google.com/maps/place/Time+Out+Market+Lisboa/@38.7069,-9.1459,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d38.7071!4d-9.1458';

const CATEGORIES = [
  { title: 'Food', subcategories: ['restaurants', 'markets'] },
  { title: 'Culture', subcategories: ['museum'] },
];

/** A reply that answers the first PATCH with a 409 VERSION_CONFLICT of the place ID_1. */
function conflictOnce(
  message: string,
  fields: string[],
  found: { current: object; changedBy: { _id: string; name: string } | null; changedAt: string | null },
): Reply {
  let conflicts = 1;
  return (request) => {
    if (request.method !== 'PATCH' || conflicts === 0) return undefined;
    conflicts -= 1;
    return jsonResponse(409, {
      statusCode: 409,
      code: 'VERSION_CONFLICT',
      message,
      conflict: { kind: 'trip-place', recordId: ID_1, version: 3, fields, ...found },
    });
  };
}

let client: QueryClient | undefined;

function renderPlaces(canEdit = true) {
  const result = renderWithToasts(
    <TripPlacesSection tripId="t-1" canEdit={canEdit} categories={CATEGORIES} />,
  );
  client = result.queryClient;
  signIn(result.store);
  return result;
}

const cards = () => screen.queryAllByTestId('trip-place');
const dialog = () => within(screen.getByRole('dialog'));
const linkField = () => dialog().getByRole('textbox', { name: 'Map link or coordinates' });
const reading = () => dialog().getByTestId('place-link-reading').textContent;
const writes = (fetch: ReturnType<typeof mockPlaces>['fetch']) =>
  fetch.requests.filter((request) => request.method !== 'GET');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('TripPlacesSection', () => {
  it('[PLACES-OWN-10] a pasted Google Maps link shows its point as it is pasted and fills in the name', async () => {
    mockPlaces([]);
    renderPlaces();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a place' }));
    // The link field comes first and has the focus.
    expect(document.activeElement).toBe(linkField());
    expect(reading()).toMatch(/Paste a link from Google Maps, OpenStreetMap or Apple Maps/);
    await user.paste(GOOGLE_LINK);
    expect(reading()).toBe('Found 38.70710, -9.14580 from Google Maps');
    expect(dialog().getByTestId('place-link-reading').getAttribute('role')).toBe('status');
    const name = dialog().getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Time Out Market Lisboa');
    // Another link's name replaces the one taken from a link, never a name typed by hand.
    await user.clear(linkField());
    await user.paste('geo:38.7139,-9.1334?q=38.7139,-9.1334(Miradouro)');
    expect(reading()).toBe('Found 38.71390, -9.13340 from a geo: link');
    expect(name.value).toBe('Miradouro');
    await user.clear(name);
    await user.type(name, 'The viewpoint');
    await user.clear(linkField());
    await user.paste(GOOGLE_LINK);
    expect(name.value).toBe('The viewpoint');
    await user.clear(linkField());
    await user.paste('38.7139, -9.1334');
    expect(reading()).toBe('Found 38.71390, -9.13340');
  });

  it('[PLACES-OWN-11] a text without coordinates says why, and the form is not sent', async () => {
    const { fetch } = mockPlaces([]);
    renderPlaces();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a place' }));
    await user.paste('https://maps.app.goo.gl/AbCdEf123');
    expect(reading()).toMatch(/^This link holds no coordinates: short maps\.app\.goo\.gl links hold none/);
    await user.type(dialog().getByRole('textbox', { name: 'Name' }), 'Casa Ana');
    await user.click(dialog().getByRole('button', { name: 'Add place' }));
    expect(dialog().getByTestId('place-link-reading').getAttribute('role')).toBe('alert');
    expect(linkField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(linkField());
    await user.clear(linkField());
    await user.paste('https://www.google.com/maps/search/flat+in+lisbon');
    expect(reading()).toMatch(/^This link holds no coordinates: open the place in Google Maps/);
    await user.clear(linkField());
    await user.paste('our flat');
    expect(reading()).toMatch(/^No coordinates in this text/);
    await user.clear(linkField());
    await user.paste('91, 10');
    expect(reading()).toMatch(/^These coordinates are out of range/);
    // Nothing pasted at all: a point is asked for.
    await user.clear(linkField());
    await user.click(dialog().getByRole('button', { name: 'Add place' }));
    expect(reading()).toBe('Paste a map link or the coordinates of the place.');
    await settle();
    expect(writes(fetch)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('[PLACES-OWN-12] the add sends the point read in the browser with the details, and the place appears as a card', async () => {
    const { fetch } = mockPlaces([]);
    renderPlaces();
    expect((await screen.findByTestId('trip-places-empty')).textContent).toBe(i18n._(PLACES_PURPOSE_TEXT));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.paste(GOOGLE_LINK);
    const name = dialog().getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Time Out Market');
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Category (optional)' }), 'markets');
    await user.type(dialog().getByRole('textbox', { name: 'Address (optional)' }), 'Av. 24 de Julho 49');
    // The contract's problems are shown at their fields, and nothing goes.
    const website = dialog().getByRole('textbox', { name: 'Website (optional)' });
    await user.type(website, 'timeout.example');
    await user.type(dialog().getByRole('textbox', { name: 'Phone (optional)' }), 'call us');
    await user.click(dialog().getByRole('button', { name: 'Add place' }));
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(website.getAttribute('aria-describedby')!)!.textContent).toBe(
      'A website is an http(s) address, like https://example.com',
    );
    expect(dialog().getByText('A phone number holds only digits, spaces and + ( ) - .')).toBeTruthy();
    expect(document.activeElement).toBe(website);
    expect(writes(fetch)).toHaveLength(0);

    await user.clear(website);
    await user.type(website, 'https://www.timeout.example/market');
    const phone = dialog().getByRole('textbox', { name: 'Phone (optional)' });
    await user.clear(phone);
    await user.type(phone, '+351 21 395 1274');
    await user.type(dialog().getByRole('textbox', { name: 'Notes (optional)' }), 'Lunch on day 2');
    await user.click(dialog().getByRole('button', { name: 'Add place' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to(LIST, 'POST')).toHaveLength(1);
    expect(fetch.to(LIST, 'POST')[0]!.body).toEqual({
      // Chosen by the page, so a place added offline is added once (decision 016).
      _id: expect.stringMatching(UUID),
      name: 'Time Out Market',
      category: 'markets',
      address: 'Av. 24 de Julho 49',
      lat: 38.7071,
      lng: -9.1458,
      website: 'https://www.timeout.example/market',
      phone: '+351 21 395 1274',
      notes: 'Lunch on day 2',
    });
    const [card] = cards() as [HTMLElement];
    expect(within(card).getByRole('heading', { name: 'Time Out Market' })).toBeTruthy();
    expect(within(card).getByTestId('trip-place-category').textContent).toBe('markets');
    expect(within(card).getByTestId('trip-place-address').textContent).toBe('Av. 24 de Julho 49');
    expect(within(card).getByTestId('trip-place-notes').textContent).toBe('Lunch on day 2');
    const map = within(card).getByRole('link', { name: /Open in OpenStreetMap/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=38.7071&mlon=-9.1458#map=17/38.7071/-9.1458',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    const site = within(card).getByRole('link', { name: /timeout\.example/ });
    expect(site.getAttribute('href')).toBe('https://www.timeout.example/market');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(
      within(card)
        .getByRole('link', { name: /\+351 21 395 1274/ })
        .getAttribute('href'),
    ).toBe('tel:+351213951274');
    expect(screen.getByTestId('trip-places-count').textContent).toBe('(1)');
  });

  it("[PLACES-OWN-13] the server's refusal is shown in the form, at its field when it names one; what was typed stays", async () => {
    mockPlaces(
      [],
      refusing(
        'POST',
        'Unknown category "markets": pick one of the catalogue\'s categories or subcategories, or none.',
        'category',
      ),
    );
    renderPlaces();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a place' }));
    await user.paste('38.7139, -9.1334');
    await user.type(dialog().getByRole('textbox', { name: 'Name' }), 'Viewpoint');
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Category (optional)' }), 'markets');
    await user.click(dialog().getByRole('button', { name: 'Add place' }));
    const category = dialog().getByRole('combobox', { name: 'Category (optional)' }) as HTMLSelectElement;
    await vi.waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog().getByRole('alert').textContent).toMatch(/^Unknown category "markets"/);
    expect((dialog().getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Viewpoint');
    // The optimistic card is taken back.
    expect(cards()).toHaveLength(0);
  });

  it('[PLACES-OWN-14] a read-only role (viewer, guest) sees the cards and their links, and no control', async () => {
    const { fetch } = mockPlaces([
      place(),
      place({ _id: ID_2, name: 'Tasca do Chico', category: 'restaurants' }),
    ]);
    renderPlaces(false);
    await screen.findByText('Tasca do Chico');
    expect(cards()).toHaveLength(2);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /Open in OpenStreetMap/ })).toHaveLength(2);
    expect(writes(fetch)).toHaveLength(0);
  });

  it('[PLACES-OWN-15] remove asks first: cancel keeps the place, confirm removes it', async () => {
    const { fetch } = mockPlaces([place(), place({ _id: ID_2, name: 'Tasca do Chico' })]);
    renderPlaces();
    await screen.findByText('Tasca do Chico');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Our flat' }));
    expect(dialog().getByText("“Our flat” leaves the trip's places for everyone.")).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(0);
    expect(cards()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Our flat' }));
    await user.click(dialog().getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to(`${LIST}/${ID_1}`, 'DELETE')).toHaveLength(1);
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Tasca do Chico']);
  });

  it('[PLACES-OWN-16] an edit opens the same form filled in and sends only what changed, with the version', async () => {
    const { fetch } = mockPlaces([place({ version: 4 })]);
    renderPlaces();
    await screen.findByText('Our flat');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Our flat' }));
    expect(screen.getByRole('dialog', { name: 'Edit place' })).toBeTruthy();
    expect(reading()).toBe('Now at 38.71010, -9.14320. Paste a new link or coordinates to move it.');
    const name = dialog().getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Our flat');
    expect((dialog().getByRole('textbox', { name: 'Notes (optional)' }) as HTMLInputElement).value).toBe(
      'Key box code 4711',
    );
    // A link with a name does not replace the name the place has.
    await user.paste('https://www.openstreetmap.org/?mlat=38.7111&mlon=-9.1411#map=19/38.7111/-9.1411');
    expect(reading()).toBe('Found 38.71110, -9.14110 from OpenStreetMap');
    expect(name.value).toBe('Our flat');
    await user.clear(name);
    await user.type(name, 'Our flat in Alfama');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSent(fetch, `${LIST}/${ID_1}`, 'PATCH')).toEqual([
      { name: 'Our flat in Alfama', lat: 38.7111, lng: -9.1411, version: 4 },
    ]);
    expect(await screen.findByRole('heading', { name: 'Our flat in Alfama' })).toBeTruthy();
    // Saved unchanged: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Edit Our flat in Alfama' }));
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await settle();
    expect(fetch.to(`${LIST}/${ID_1}`, 'PATCH')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[PLACES-OWN-17] a conflicting edit shows both versions and keeps what was typed; "Use mine" sends it from the newer version', async () => {
    const { fetch } = mockPlaces(
      [place({ version: 2 })],
      conflictOnce('Bob Stone changed this while you were editing.', ['notes'], {
        current: { ...place(), notes: 'Code is 1234 now', version: 3 },
        changedBy: { _id: 'u-2', name: 'Bob Stone' },
        changedAt: '2031-01-02T00:00:00.000Z',
      }),
    );
    renderPlaces();
    await screen.findByText('Our flat');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Our flat' }));
    const notes = dialog().getByRole('textbox', { name: 'Notes (optional)' });
    await user.clear(notes);
    await user.type(notes, 'Code 4711, second floor');
    await saveThroughConflict(
      user,
      {
        title: 'Bob Stone changed this while you were editing.',
        theirs: 'Notes: Code is 1234 now',
        mine: 'Notes: Code 4711, second floor',
      },
      'Use mine',
    );
    // Only the notes, from the version seen in the conflict: Bob's new address is not undone.
    expect(bodiesSent(fetch, `${LIST}/${ID_1}`, 'PATCH')).toEqual([
      { notes: 'Code 4711, second floor', version: 2 },
      { notes: 'Code 4711, second floor', version: 3 },
    ]);
  });

  it('[PLACES-OWN-24] the list read after a conflict, answered only after "Use mine" was saved, does not bring the old text back', async () => {
    const conflict = conflictOnce('Bob Stone changed this while you were editing.', ['notes'], {
      current: { ...place(), notes: 'Code is 1234 now', version: 3 },
      changedBy: { _id: 'u-2', name: 'Bob Stone' },
      changedAt: '2031-01-02T00:00:00.000Z',
    });
    const stale = deferred<Response>();
    let conflicted = false;
    let held = false;
    mockPlaces([place({ version: 2 })], (request) => {
      // The first read of the list after the conflict answers late, with the list as it was then.
      if (conflicted && !held && request.method === 'GET') {
        held = true;
        return stale.promise;
      }
      const refused = conflict(request, []);
      if (refused) conflicted = true;
      return refused;
    });
    renderPlaces();
    await screen.findByText('Our flat');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Our flat' }));
    const notes = dialog().getByRole('textbox', { name: 'Notes (optional)' });
    await user.clear(notes);
    await user.type(notes, 'Code 4711, second floor');
    await saveThroughConflict(
      user,
      {
        title: 'Bob Stone changed this while you were editing.',
        theirs: 'Notes: Code is 1234 now',
        mine: 'Notes: Code 4711, second floor',
      },
      'Use mine',
    );
    await act(async () => {
      stale.resolve(jsonResponse(200, [{ ...place(), notes: 'Code is 1234 now', version: 3 }]));
      await stale.promise;
    });
    await settle();
    expect(cards()[0]?.textContent).toContain('Code 4711, second floor');
    expect(cards()[0]?.textContent).not.toContain('Code is 1234 now');
  });

  it('[PLACES-OWN-18] "Keep theirs" drops the clashing change and sends the rest from the newer version', async () => {
    const { fetch } = mockPlaces(
      [place({ version: 2 })],
      conflictOnce('Someone changed this while you were editing.', ['lat', 'lng'], {
        current: { ...place(), lat: 38.7, lng: -9.14, version: 3 },
        changedBy: null,
        changedAt: null,
      }),
    );
    renderPlaces();
    await screen.findByText('Our flat');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Our flat' }));
    await user.paste('38.72, -9.15');
    const phone = dialog().getByRole('textbox', { name: 'Phone (optional)' });
    await user.clear(phone);
    await user.type(phone, '+351 91 111 1111');
    const seen = {
      title: 'Someone changed this while you were editing.',
      theirs: 'Point: 38.70000, -9.14000',
      mine: 'Point: 38.72000, -9.15000',
    };
    await saveThroughConflict(user, seen, 'Keep theirs');
    expect(bodiesSent(fetch, `${LIST}/${ID_1}`, 'PATCH')).toEqual([
      { lat: 38.72, lng: -9.15, phone: '+351 91 111 1111', version: 2 },
      { phone: '+351 91 111 1111', version: 3 },
    ]);
  });

  it('[PLACES-OWN-19] loading, a failed load with a retry, and the members’ changes live (a trip frame invalidates the trips queries)', async () => {
    const answer = deferred<Response>();
    const { setList } = mockPlaces([], firstGetWaitsFor(answer));
    renderPlaces(false);
    await failThenTryAgain(
      answer,
      { loading: 'Loading your places…', failed: 'The places of this trip could not be loaded.' },
      () => setList([place()]),
    );
    await screen.findByText('Our flat');
    setList([place(), place({ _id: ID_2, name: 'Tasca do Chico' })]);
    await client!.invalidateQueries({ queryKey: tripKeys.all });
    await screen.findByText('Tasca do Chico');
    expect(screen.getByTestId('trip-places-count').textContent).toBe('(2)');
  });
});
