import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { settle } from '../../../../../test/settle.ts';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { bodiesSent, saveThroughConflict } from '../../testing/trip-list-checks.ts';
import { bookingTrip, flight, ID_1, LIST, mockBookings, type Reply } from './booking-test-fixtures.ts';
import { BookingsTab } from './bookings-tab.tsx';

resetMocksAfterEach();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const AIRPORTS = [
  {
    iata: 'LIS',
    name: 'Humberto Delgado Airport',
    city: 'Lisbon',
    country: 'Portugal',
    coordinates: { lat: 38.77, lng: -9.13 },
    timeZone: 'Europe/Lisbon',
  },
];

/** The airports search answers LIS for any text; `more` may answer first. */
const withAirports =
  (more?: Reply): Reply =>
  (request, list) =>
    more?.(request, list) ??
    (request.path === '/core/places/airports' ? jsonResponse(200, AIRPORTS) : undefined);

function renderBookings(role: Parameters<typeof bookingTrip>[0] = 'member') {
  const result = renderWithToasts(<BookingsTab trip={bookingTrip(role)} userId="u-1" />);
  signIn(result.store);
  return result;
}

const dialog = () => within(screen.getByRole('dialog'));
const field = (label: string) => dialog().getByLabelText(label) as HTMLInputElement;
const setValue = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const posts = (fetch: ReturnType<typeof mockBookings>['fetch']) =>
  fetch.to(LIST, 'POST').map((request) => request.body);

/** Adds the booking of the open form: the dialog closes; what was posted, each with a new UUID (left out). */
async function addBooking(user: UserEvent, fetch: ReturnType<typeof mockBookings>['fetch']) {
  await user.click(dialog().getByRole('button', { name: 'Add booking' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return posts(fetch).map((body) => {
    const { _id: id, ...rest } = body as Record<string, unknown>;
    expect(id).toMatch(UUID);
    return rest;
  });
}

async function openAdd() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add a booking' }));
  expect(screen.getByRole('dialog', { name: 'Add a booking' })).toBeTruthy();
  return user;
}

describe('BookingFormDialog', () => {
  it('[BOOKINGS-WEB-10] a flight is added with its airport codes and local times; the zones are left to the server', async () => {
    const { fetch } = mockBookings([], withAirports());
    renderBookings();
    const user = await openAdd();
    // The kind comes first and has the focus; a flight is the default.
    expect(document.activeElement).toBe(field('Kind'));
    expect(field('Kind').value).toBe('flight');
    await user.type(field('From: airport code'), 'lis');
    expect(
      await dialog().findByText('Humberto Delgado Airport, Lisbon, Portugal (Europe/Lisbon)'),
    ).toBeTruthy();
    await user.type(field('To: airport code'), 'JFK');
    setValue('Departure: local date and time', '2026-12-01T07:40');
    setValue('Arrival: local date and time', '2026-12-01T10:30');
    await user.type(field('Carrier (optional)'), 'TP');
    await user.type(field('Number (optional)'), '1350');
    await user.click(dialog().getByRole('checkbox', { name: 'Bob Stone' }));
    await user.type(field('Cost (optional)'), '420');
    expect(await addBooking(user, fetch)).toEqual([
      {
        kind: 'flight',
        carrier: 'TP',
        number: '1350',
        travellers: ['u-2'],
        cost: { amount: '420', currency: 'EUR' },
        start: { local: '2026-12-01T07:40', place: { iata: 'LIS' } },
        end: { local: '2026-12-01T10:30', place: { iata: 'JFK' } },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'New booking' })).toBeTruthy();
  });

  it("[BOOKINGS-WEB-11] problems are shown at their field before anything is sent, and the server's refusal at its field or above the buttons", async () => {
    let refusal: object | null = {
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'The arrival is before the departure',
      field: 'end.local',
    };
    const { fetch } = mockBookings(
      [],
      withAirports((request) => {
        if (request.method !== 'POST' || !refusal) return undefined;
        const answer = jsonResponse(400, refusal);
        refusal = null;
        return answer;
      }),
    );
    renderBookings();
    const user = await openAdd();
    await user.type(field('From: airport code'), 'LISB');
    await user.type(field('To: airport code'), 'JFK');
    await user.click(dialog().getByRole('button', { name: 'Add booking' }));
    expect(dialog().getByText('Give the date and time it starts.')).toBeTruthy();
    expect(dialog().getByText('Give the date and time it ends, or leave its place empty.')).toBeTruthy();
    expect(dialog().getByText('An airport code has three letters, like LIS')).toBeTruthy();
    // The first field with a problem takes the focus.
    expect(document.activeElement).toBe(field('From: airport code'));
    expect(field('Departure: local date and time').getAttribute('aria-invalid')).toBe('true');
    await settle();
    expect(posts(fetch)).toHaveLength(0);

    await user.clear(field('From: airport code'));
    await user.type(field('From: airport code'), 'LIS');
    setValue('Departure: local date and time', '2026-12-01T07:40');
    setValue('Arrival: local date and time', '2026-12-01T06:30');
    await user.click(dialog().getByRole('button', { name: 'Add booking' }));
    const arrival = field('Arrival: local date and time');
    await vi.waitFor(() => expect(arrival.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(arrival.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The arrival is before the departure',
    );
    // The card shown at once is taken back.
    expect(screen.queryAllByTestId('trip-booking')).toHaveLength(0);

    // A refusal of no field: above the buttons.
    refusal = { statusCode: 400, code: 'BAD_REQUEST', message: 'Ada is not a member of this trip' };
    setValue('Arrival: local date and time', '2026-12-01T10:30');
    await user.click(dialog().getByRole('button', { name: 'Add booking' }));
    expect((await dialog().findByTestId('booking-form-error')).textContent).toBe(
      'Ada is not a member of this trip',
    );
    // The same id on every try: a retry adds it once.
    const ids = new Set(posts(fetch).map((body) => (body as { _id: string })._id));
    expect(posts(fetch)).toHaveLength(2);
    expect(ids.size).toBe(1);
  });

  it('[BOOKINGS-WEB-12] a lodging has one place, check-in and check-out and one zone; an admin may hide it from the share page', async () => {
    const { fetch } = mockBookings([]);
    renderBookings('admin');
    const user = await openAdd();
    await user.selectOptions(field('Kind'), 'lodging');
    expect(dialog().queryByLabelText('From: airport code')).toBeNull();
    expect(dialog().queryByLabelText('Carrier (optional)')).toBeNull();
    await user.type(field('Place'), 'Casa Ana');
    await user.type(field('Place: address (optional)'), 'Rua das Flores 12');
    setValue('Check-in', '2026-12-02T15:00');
    setValue('Check-out (optional)', '2026-12-05T11:00');
    await user.type(field('Time zone (optional)'), 'Europe/Lisbon');
    await user.type(field('Title (optional)'), 'Casa Ana');
    await user.click(dialog().getByRole('checkbox', { name: 'Hide from the share page' }));
    expect(await addBooking(user, fetch)).toEqual([
      {
        kind: 'lodging',
        title: 'Casa Ana',
        hiddenFromShare: true,
        start: {
          local: '2026-12-02T15:00',
          zone: 'Europe/Lisbon',
          place: { name: 'Casa Ana', address: 'Rua das Flores 12' },
        },
        end: { local: '2026-12-05T11:00', zone: 'Europe/Lisbon' },
      },
    ]);
  });

  it('[BOOKINGS-WEB-13] a member has no share-page box; a restaurant asks for the party size', async () => {
    mockBookings([]);
    renderBookings('member');
    const user = await openAdd();
    expect(dialog().queryByRole('checkbox', { name: 'Hide from the share page' })).toBeNull();
    expect(dialog().queryByLabelText('Party size (optional)')).toBeNull();
    await user.selectOptions(field('Kind'), 'restaurant');
    expect(field('Party size (optional)')).toBeTruthy();
    setValue('Starts', '2026-12-02T20:30');
    expect(field('Ends (optional)')).toBeTruthy();
    // A zone is an IANA name: the contract says so at the field.
    await user.type(field('Time zone (optional)'), 'Lisbon');
    await user.click(dialog().getByRole('button', { name: 'Add booking' }));
    const zone = field('Time zone (optional)');
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${zone.id}-error`)?.textContent).toBe(
      'Unknown time zone: use an IANA name such as Europe/Lisbon',
    );
    expect(document.activeElement).toBe(zone);
  });

  it('[BOOKINGS-WEB-14] an edit sends only what changed, with the version; another airport lets the server find its zone again', async () => {
    const { fetch } = mockBookings([flight({ version: 4 })], withAirports());
    renderBookings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Lisbon to New York' }));
    expect(screen.getByRole('dialog', { name: 'Edit booking' })).toBeTruthy();
    expect(field('From: airport code').value).toBe('LIS');
    expect(field('Arrival: time zone (optional)').value).toBe('America/New_York');
    await user.clear(field('Seat (optional)'));
    await user.type(field('Seat (optional)'), '14C');
    await user.clear(field('To: airport code'));
    await user.type(field('To: airport code'), 'EWR');
    expect(field('Arrival: time zone (optional)').value).toBe('');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSent(fetch, `${LIST}/${ID_1}`, 'PATCH')).toEqual([
      { seat: '14C', end: { local: '2026-12-01T10:30', place: { iata: 'EWR' } }, version: 4 },
    ]);
  });

  it('[BOOKINGS-WEB-15] a conflicting edit shows both versions and keeps what was typed; "Use mine" sends it from the newer version', async () => {
    let conflicts = 1;
    const { fetch } = mockBookings([flight({ version: 2 })], (request) => {
      if (request.method !== 'PATCH' || conflicts === 0) return undefined;
      conflicts -= 1;
      return jsonResponse(409, {
        statusCode: 409,
        code: 'VERSION_CONFLICT',
        message: 'Bob Stone changed this while you were editing.',
        conflict: {
          kind: 'trip-booking',
          recordId: ID_1,
          version: 3,
          fields: ['notes'],
          current: { ...flight(), notes: 'Gate B12', version: 3 },
          changedBy: { _id: 'u-2', name: 'Bob Stone' },
          changedAt: '2026-01-02T00:00:00.000Z',
        },
      });
    });
    renderBookings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Lisbon to New York' }));
    await user.clear(field('Notes (optional)'));
    await user.type(field('Notes (optional)'), 'Window seat please');
    const seen = {
      title: 'Bob Stone changed this while you were editing.',
      theirs: 'Notes: Gate B12',
      mine: 'Notes: Window seat please',
    };
    await saveThroughConflict(user, seen, 'Use mine');
    expect(bodiesSent(fetch, `${LIST}/${ID_1}`, 'PATCH')).toEqual([
      { notes: 'Window seat please', version: 2 },
      { notes: 'Window seat please', version: 3 },
    ]);
  });
});
