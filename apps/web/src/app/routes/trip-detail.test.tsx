import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { deferred, jsonResponse } from '../../lib/testing/fetch-mock.ts';
import { makeFeature, makeTrip, mockTripApi } from '../../modules/trips/testing/trip-fixtures.ts';
import { NOT_AUTHORIZED_IMAGE } from '../../modules/trips/components/trip-detail/trip-header.tsx';
import { TRIP_NOT_FOUND, TripDetailPage } from './trip-detail.tsx';
import { settle } from '../../../test/settle.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

function renderTrip(path = '/trips/t-1') {
  const result = renderRoutes(
    [
      { path: '/trips/:id', element: <TripDetailPage /> },
      { path: '/trips', element: <p>my trips page</p> },
    ],
    { path },
  );
  signIn(result.store);
  return result;
}

const patches = (fetch: ReturnType<typeof mockTripApi>) => fetch.to('/core/trips/update/t-1', 'PATCH');

async function loaded() {
  return screen.findByRole('button', { name: /Trip settings/ });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  document.body.style.overflow = '';
});

describe('TripDetailPage', () => {
  it('[TRIP-20] shows the hero image, name, transport toggle, dates, settings and the tabs (features default)', async () => {
    mockTripApi();
    renderTrip();
    await loaded();
    expect(screen.getByTestId('trip-hero').getAttribute('src')).toBe('/api/uploads/lisbon.jpg');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Lisbon, Portugal');
    expect(screen.getByRole('button', { name: /Transport: private/ })).toBeTruthy();
    expect(screen.getByTestId('trip-dates').textContent).toBe('05/05/2031 – 08/05/2031');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent).join(' ')).toBe(
      'checklist planner bookings features members budget chat history',
    );
    expect(screen.getByRole('tab', { name: 'features' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByTestId('feature-card')).toHaveLength(2);
  });

  it("[CHAT-40] the chat tab counts the trip chat's unread messages, not those of other chats", async () => {
    const chat = (id: string, kind: 'trip' | 'direct', tripId: string | null, unread: number) => ({
      _id: id,
      kind,
      user: null,
      trip: tripId ? { _id: tripId, name: 'A trip' } : null,
      lastMessage: null,
      unread,
      canWrite: true,
    });
    mockTripApi({
      extra: ({ path }) =>
        path === '/users/chats'
          ? jsonResponse(200, [
              chat('c-other', 'trip', 't-2', 5),
              chat('c-direct', 'direct', null, 2),
              chat('c-1', 'trip', 't-1', 3),
            ])
          : undefined,
    });
    renderTrip();
    await loaded();
    const tab = screen.getByRole('tab', { name: /^chat/ });
    expect((await within(tab).findByTestId('trip-chat-unread')).textContent).toBe('3 unread');
    expect(screen.getAllByTestId('trip-chat-unread')).toHaveLength(1);
  });

  it('[PERF-07] asks for the trip and its features together, not for the features once the trip is in', async () => {
    const tripAnswer = deferred<Response>();
    const fetch = mockTripApi({
      extra: (request) =>
        request.path === '/core/trips/t-1' && request.method === 'GET' ? tripAnswer.promise : undefined,
    });
    renderTrip();
    await vi.waitFor(() => expect(fetch.to('/core/trips/features/t-1', 'GET')).toHaveLength(1));
    expect(screen.queryByTestId('feature-card')).toBeNull();
    tripAnswer.resolve(jsonResponse(200, makeTrip()));
    expect(await screen.findAllByTestId('feature-card')).toHaveLength(2);
  });

  it('[PERF-07] another first tab does not ask for the features early', async () => {
    const fetch = mockTripApi();
    renderTrip('/trips/t-1?tab=checklist');
    await loaded();
    expect(fetch.to('/core/trips/features/t-1', 'GET')).toHaveLength(0);
  });

  it('[BOOKINGS-WEB-09] the bookings tab comes after the planner and loads its bookings when opened', async () => {
    const fetch = mockTripApi({
      extra: (request) => (request.path === '/core/trips/t-1/bookings' ? jsonResponse(200, []) : undefined),
    });
    renderTrip('/trips/t-1?tab=bookings');
    await loaded();
    expect(screen.getByRole('tab', { name: 'bookings' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No bookings yet')).toBeTruthy();
    expect(fetch.to('/core/trips/t-1/bookings', 'GET')).toHaveLength(1);
  });

  it('[OFFLINE-04] offline, a checklist this device never kept says so plainly instead of loading for ever', async () => {
    mockTripApi();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    renderTrip('/trips/t-1?tab=checklist');
    await loaded();
    expect((await screen.findByTestId('checklist-not-kept')).textContent).toMatch(
      /not saved on this device: it opens once you are back online/,
    );
    expect(screen.queryByText('Loading the checklist…')).toBeNull();
    expect(screen.queryByText('Saved on this device only')).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  });

  it('[TRIP-21] an admin changes the hero image with a multipart upload of field file', async () => {
    const fetch = mockTripApi({
      extra: (request) =>
        request.path === '/core/trips/t-1/upload' ? jsonResponse(201, makeTrip()) : undefined,
    });
    renderTrip();
    await loaded();
    const input = screen.getByTestId('trip-image-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Change image' }));
    expect(click).toHaveBeenCalled();
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/upload', 'POST')).toHaveLength(1));
    const body = fetch.to('/core/trips/t-1/upload', 'POST')[0]!.body as FormData;
    expect(body.get('file')).toBeInstanceOf(File);
  });

  it("[TRIP-21] anyone else gets the toast 'Oh! You are not authorized to change image'", async () => {
    const error = vi.spyOn(toast, 'error');
    const fetch = mockTripApi({ role: 'member' });
    renderTrip();
    await loaded();
    expect(screen.queryByTestId('trip-image-input')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change image' }));
    expect(error).toHaveBeenCalledWith(i18n._(NOT_AUTHORIZED_IMAGE), expect.anything());
    expect(i18n._(NOT_AUTHORIZED_IMAGE)).toBe('Oh! You are not authorized to change image');
    expect(fetch.to('/core/trips/t-1/upload')).toHaveLength(0);
  });

  it('[TRIP-22] saves the name on Enter only if it changed', async () => {
    const fetch = mockTripApi();
    renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /edit trip name/ }));
    const field = screen.getByRole('textbox', { name: 'Trip name' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.queryByRole('textbox', { name: 'Trip name' })).toBeNull();
    await settle();
    expect(patches(fetch)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /edit trip name/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Trip name' }), {
      target: { value: '  Lisbon with friends ' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Trip name' }), { key: 'Enter' });
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ tripName: 'Lisbon with friends', version: 1 });
    expect(await screen.findByRole('button', { name: /Lisbon with friends/ })).toBeTruthy();
  });

  it('[TRIP-22] a click on the backdrop saves the name', async () => {
    const fetch = mockTripApi();
    renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /edit trip name/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Trip name' }), { target: { value: 'Porto' } });
    fireEvent.click(screen.getByTestId('edit-backdrop'));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ tripName: 'Porto', version: 1 });
  });

  it("[TRIP-23] dates show '--/--/----' when empty and are saved only when both are set", async () => {
    const fetch = mockTripApi({ trip: makeTrip({ startDate: null, endDate: null }) });
    renderTrip();
    await loaded();
    expect(screen.getByTestId('trip-dates').textContent).toBe('--/--/---- – --/--/----');
    fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
    fireEvent.change(screen.getByLabelText('start date'), { target: { value: '2031-06-01' } });
    fireEvent.click(screen.getByTestId('edit-backdrop'));
    await settle();
    expect(patches(fetch)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
    fireEvent.change(screen.getByLabelText('start date'), { target: { value: '2031-06-01' } });
    fireEvent.change(screen.getByLabelText('end date'), { target: { value: '2031-06-04' } });
    fireEvent.click(screen.getByTestId('edit-backdrop'));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ startDate: '2031-06-01', endDate: '2031-06-04' });
    await vi.waitFor(() =>
      expect(screen.getByTestId('trip-dates').textContent).toBe('01/06/2031 – 04/06/2031'),
    );
  });

  it('[TRIP-23] unchanged dates are not sent; moved planner items are reported in a toast', async () => {
    const info = vi.spyOn(toast, 'info');
    const fetch = mockTripApi({
      extra: (request) =>
        request.method === 'PATCH'
          ? jsonResponse(200, {
              trip: makeTrip({ startDate: '2031-05-05', endDate: '2031-05-06' }),
              movedToTray: 3,
            })
          : undefined,
    });
    renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    await settle();
    expect(patches(fetch)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
    fireEvent.change(screen.getByLabelText('end date'), { target: { value: '2031-05-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ startDate: '2031-05-05', endDate: '2031-05-06' });
    await vi.waitFor(() =>
      expect(info).toHaveBeenCalledWith('3 planner items moved to the unscheduled tray', expect.anything()),
    );
  });

  it('[PLANNER-11] new dates that leave planned stops without a day ask first: shift the plan (first when the length stays) or the tray', async () => {
    const fetch = mockTripApi();
    renderTrip();
    await loaded();
    const newDates = async (start: string, end: string) => {
      fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
      fireEvent.change(screen.getByLabelText('start date'), { target: { value: start } });
      fireEvent.change(screen.getByLabelText('end date'), { target: { value: end } });
      fireEvent.click(screen.getByRole('button', { name: 'Save dates' }));
      return screen.findByRole('dialog', { name: 'Your plan has stops on days outside the new dates' });
    };

    // Four days later, the same length: shifting is the first choice and keeps every stop.
    let dialog = await newDates('2031-05-10', '2031-05-13');
    expect(dialog.textContent).toContain('2 planned stops are on days the new dates leave out.');
    expect(dialog.textContent).toContain('day 1 stays day 1');
    const shift = within(dialog).getByRole('button', { name: 'Shift the plan with the dates' });
    await vi.waitFor(() => expect(document.activeElement).toBe(shift));
    expect(patches(fetch)).toHaveLength(0);
    fireEvent.click(shift);
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({
      startDate: '2031-05-10',
      endDate: '2031-05-13',
      plannedDays: 'shift',
    });

    // Shorter: the tray comes first; Cancel sends nothing.
    dialog = await newDates('2031-05-06', '2031-05-07');
    const tray = within(dialog).getByRole('button', { name: 'Move them to the tray' });
    await vi.waitFor(() => expect(document.activeElement).toBe(tray));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(patches(fetch)).toHaveLength(1);
    dialog = await newDates('2031-05-06', '2031-05-07');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move them to the tray' }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(2));
    expect(patches(fetch)[1]!.body).toMatchObject({ plannedDays: 'tray' });
  });

  it('[TRIP-24] the transport toggle switches public and private with PATCH', async () => {
    const fetch = mockTripApi();
    renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /Transport: private/ }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]!.body).toEqual({ transportMode: 'public' });
    fireEvent.click(await screen.findByRole('button', { name: /Transport: public/ }));
    await vi.waitFor(() => expect(patches(fetch)).toHaveLength(2));
    expect(patches(fetch)[1]!.body).toEqual({ transportMode: 'private' });
  });

  it('[TRIP-25] the edit modes are mutually exclusive and lock page scroll', async () => {
    mockTripApi();
    renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /edit trip name/ }));
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: /Trip dates/ }));
    expect(screen.queryByRole('textbox', { name: 'Trip name' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Change trip dates' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trip settings' }));
    expect(screen.queryByRole('group', { name: 'Change trip dates' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Trip settings' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('[TRIP-26] settings show id and name, copy the link, and delete after confirmation → /trips', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetch = mockTripApi();
    const { router } = renderTrip();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Trip settings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Trip settings' }));
    expect(dialog.getByTestId('settings-trip-id').textContent).toBe('t-1');
    expect(dialog.getByTestId('settings-trip-name').textContent).toBe('Lisbon, Portugal');
    fireEvent.click(dialog.getByRole('button', { name: 'Copy trip link' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/trips/t-1`));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete trip' }));
    expect(fetch.to('/core/trips/t-1', 'DELETE')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
    expect(fetch.to('/core/trips/t-1', 'DELETE')).toHaveLength(1);
  });

  it('[TRIP-27] a guest sees no edit controls', async () => {
    mockTripApi({ role: 'guest' });
    renderTrip();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lisbon, Portugal');
    expect(screen.queryByRole('button', { name: /edit trip name/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change image' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Transport:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Trip dates/ })).toBeNull();
    expect(screen.getByTestId('trip-dates').textContent).toBe('05/05/2031 – 08/05/2031');
    await screen.findAllByTestId('feature-card');
    expect(screen.queryByRole('button', { name: 'add features' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove .* from the trip/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Trip settings' }));
    expect(screen.queryByRole('button', { name: 'Delete trip' })).toBeNull();
  });

  it('[TRIP-27] a member edits but cannot delete', async () => {
    mockTripApi({ role: 'member' });
    renderTrip();
    await loaded();
    expect(screen.getByRole('button', { name: /edit trip name/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trip settings' }));
    expect(screen.queryByRole('button', { name: 'Delete trip' })).toBeNull();
  });

  it('[TRIP-28] the features tab shows the trip features with remove', async () => {
    const fetch = mockTripApi({
      extra: (request) =>
        request.method === 'DELETE' && request.path === '/core/trips/t-1/features/f1'
          ? jsonResponse(200, { ok: true })
          : undefined,
    });
    renderTrip();
    await loaded();
    const list = within(await screen.findByTestId('trip-features'));
    expect(list.getAllByTestId('feature-card')).toHaveLength(2);
    expect(list.getByText('Feature 1')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Remove Feature 1 from the trip' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/features/f1', 'DELETE')).toHaveLength(1));
  });

  it("[TRIP-28] 'add features' lists the place's features (paged) and adds the picked ones", async () => {
    const fetch = mockTripApi({
      extra: (request) => {
        if (request.path === '/core/features/search/') {
          const skip = Number(request.query.get('skip'));
          const data =
            skip === 0 ? Array.from({ length: 12 }, (_, k) => makeFeature(k + 1)) : [makeFeature(13)];
          return jsonResponse(200, { data, total: 13 });
        }
        if (request.path === '/core/trips/t-1/features' && request.method === 'POST')
          return jsonResponse(200, {});
        return undefined;
      },
    });
    renderTrip();
    await loaded();
    fireEvent.click(await screen.findByRole('button', { name: 'add features' }));
    const panel = within(await screen.findByTestId('add-features-list'));
    // f1 and f2 are already in the trip: not offered.
    expect(panel.queryByRole('button', { name: 'Pick Feature 1' })).toBeNull();
    expect(panel.getAllByTestId('feature-card')).toHaveLength(10);
    expect(fetch.to('/core/features/search/')[0]!.query.get('placeId')).toBe('p-lisbon');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(panel.getAllByTestId('feature-card')).toHaveLength(11));
    fireEvent.click(panel.getByRole('button', { name: 'Pick Feature 3' }));
    fireEvent.click(panel.getByRole('button', { name: 'Pick Feature 13' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 to the trip' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/features', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/features', 'POST')[0]!.body).toEqual({ featureIds: ['f3', 'f13'] });
  });

  it("[PLACES-OWN-20] the features tab shows the trip's places of its own; the form offers the catalogue's categories, a guest gets no form", async () => {
    const places = [
      {
        _id: '11111111-1111-4111-8111-111111111111',
        name: 'Our flat',
        category: 'markets',
        address: 'Rua das Flores 12',
        coordinates: { lat: 38.71, lng: -9.14 },
        website: null,
        phone: null,
        notes: '',
        createdBy: 'u-1',
        createdAt: '2031-01-01T00:00:00.000Z',
        updatedAt: '2031-01-01T00:00:00.000Z',
        version: 1,
      },
    ];
    const extra = ({ path }: { path: string }) => {
      if (path === '/core/trips/t-1/places') return jsonResponse(200, places);
      if (path === '/core/categories/all')
        return jsonResponse(200, [{ title: 'Food', subcategories: ['markets', 'restaurants'], icon: 'x' }]);
      return undefined;
    };
    mockTripApi({ extra });
    const { unmount } = renderTrip();
    await loaded();
    const section = within(await screen.findByTestId('trip-places'));
    expect(await section.findByText('Our flat')).toBeTruthy();
    expect(section.getByRole('heading', { name: 'Places of your own (1)' })).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Add a place' }));
    const category = within(screen.getByRole('dialog')).getByRole('combobox', {
      name: 'Category (optional)',
    });
    await vi.waitFor(() =>
      expect(
        within(category)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No category', 'Food', 'markets', 'restaurants']),
    );
    unmount();
    mockTripApi({ role: 'guest', extra });
    renderTrip();
    await loaded();
    const guest = within(await screen.findByTestId('trip-places'));
    expect(await guest.findByText('Our flat')).toBeTruthy();
    expect(guest.queryByRole('button')).toBeNull();
  });

  it("a 404 shows a friendly 'trip not found' with a link to /trips", async () => {
    mockTripApi();
    renderTrip('/trips/unknown');
    expect(await screen.findByRole('heading', { name: i18n._(TRIP_NOT_FOUND) })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my trips' }).getAttribute('href')).toBe('/trips');
  });
});

describe('TripDetailPage for a viewer', () => {
  it('[MEMBERS-13] a viewer opening the checklist tab reads the shared packing list, read-only, and has no personal checklist', async () => {
    const fetch = mockTripApi({
      role: 'viewer',
      extra: ({ path, method }) =>
        path === '/core/trips/t-1/packing' && method === 'GET'
          ? jsonResponse(200, [
              {
                _id: '11111111-1111-4111-8111-111111111111',
                text: 'Tent',
                assignedTo: { _id: 'u-2', name: 'Bob Stone' },
                done: true,
                createdBy: 'u-1',
                createdAt: '2031-01-01T00:00:00.000Z',
                version: 1,
              },
            ])
          : undefined,
    });
    renderTrip('/trips/t-1?tab=checklist');
    const list = await screen.findByRole('region', { name: 'Shared packing list' });
    expect(
      within(list).getByText('You follow this trip as a viewer: the packing list is read-only.'),
    ).toBeTruthy();
    expect(await within(list).findByText('Tent')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Checklist' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(fetch.to('/core/trips/t-1/checklist')).toHaveLength(0);
    expect(fetch.to('/core/trips/t-1/packing', 'GET')).toHaveLength(1);
  });
});
