import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { settle } from '../../../../../test/settle.ts';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { bookingTrip, LIST, mockBookings } from './booking-test-fixtures.ts';
import { BookingsTab } from './bookings-tab.tsx';

resetMocksAfterEach();

const IMPORT = `${LIST}/import`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const MAIL = 'From: TAP <booking@flytap.com>\r\nSubject: Your booking ABC123\r\n\r\n<html>…</html>';

const FLIGHT_DRAFT = {
  kind: 'flight',
  title: 'TP 1350 LIS → JFK',
  confirmationCode: 'ABC123',
  carrier: 'TP',
  number: '1350',
  start: { local: '2026-12-01T07:40', place: { iata: 'LIS' } },
  end: { local: '2026-12-01T10:30', place: { iata: 'JFK' } },
};
const HOTEL_DRAFT = {
  kind: 'lodging',
  title: 'Casa Ana',
  start: { local: '2026-12-02T15:00', zone: 'Europe/Lisbon', place: { name: 'Casa Ana' } },
  end: { local: '2026-12-05T11:00', zone: 'Europe/Lisbon' },
};

/** The bookings endpoint with its import: `found` answers every import. */
function mockImport(found: { bookings: object[]; message: string | null }, refuse?: string) {
  return mockBookings([], (request) => {
    if (request.path === IMPORT) return jsonResponse(200, found);
    const body = request.body as { kind?: string } | undefined;
    if (request.method === 'POST' && refuse && body?.kind === refuse) {
      return jsonResponse(400, { statusCode: 400, code: 'BAD_REQUEST', message: 'Unknown airport code XXX' });
    }
    return undefined;
  });
}

async function openImport() {
  const result = renderWithToasts(<BookingsTab trip={bookingTrip()} userId="u-1" />);
  signIn(result.store);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Import from a mail' }));
  expect(screen.getByRole('dialog', { name: 'Import bookings from a mail' })).toBeTruthy();
  return user;
}

const dialog = () => within(screen.getByRole('dialog'));
const drafts = () => dialog().getAllByTestId('booking-import-draft');

describe('BookingImportDialog', () => {
  it('[BOOKINGS-WEB-16] a saved mail is read in the browser and sent to the reader; the bookings found are ticked, corrected and added', async () => {
    const { fetch } = mockImport({ bookings: [FLIGHT_DRAFT, HOTEL_DRAFT], message: null });
    const user = await openImport();
    await user.upload(
      dialog().getByLabelText('Choose a file'),
      new File([MAIL], 'booking.eml', { type: 'message/rfc822' }),
    );
    await vi.waitFor(() => expect(drafts()).toHaveLength(2));
    expect(fetch.to(IMPORT, 'POST').map((request) => request.body)).toEqual([
      { format: 'eml', content: MAIL },
    ]);
    expect(
      dialog().getByText('2 bookings found: tick those to add, and correct them if needed.'),
    ).toBeTruthy();
    const first = within(drafts()[0]!);
    expect(first.getByRole('checkbox', { name: /Add TP 1350 LIS → JFK/ })).toHaveProperty('checked', true);
    const title = first.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'To New York');
    fireEvent.change(first.getByLabelText('Departure'), { target: { value: '2026-12-01T08:10' } });
    await user.click(within(drafts()[1]!).getByRole('checkbox', { name: /Add Casa Ana/ }));
    await user.click(dialog().getByRole('button', { name: 'Add 1 booking' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to(LIST, 'POST').map((request) => request.body)).toEqual([
      {
        ...FLIGHT_DRAFT,
        title: 'To New York',
        start: { ...FLIGHT_DRAFT.start, local: '2026-12-01T08:10' },
        _id: expect.stringMatching(UUID),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'To New York' })).toBeTruthy();
  });

  it('[BOOKINGS-WEB-17] a booking the server refuses stays in the list with the reason; the others are added', async () => {
    const { fetch } = mockImport({ bookings: [FLIGHT_DRAFT, HOTEL_DRAFT], message: null }, 'flight');
    const user = await openImport();
    await user.type(dialog().getByLabelText('Or paste the mail’s HTML'), '<p>Your trip</p>');
    await user.click(dialog().getByRole('button', { name: 'Find bookings' }));
    expect(fetch.to(IMPORT, 'POST').map((request) => request.body)).toEqual([
      { format: 'html', content: '<p>Your trip</p>' },
    ]);
    await vi.waitFor(() => expect(drafts()).toHaveLength(2));
    await user.click(dialog().getByRole('button', { name: 'Add 2 bookings' }));
    await vi.waitFor(() => expect(drafts()).toHaveLength(1));
    expect(within(drafts()[0]!).getByRole('alert').textContent).toBe('Unknown airport code XXX');
    expect(fetch.to(LIST, 'POST')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Casa Ana' })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("[BOOKINGS-WEB-18] when nothing is found the reader's message is shown; another file can be tried; a file of another kind is refused here", async () => {
    const { fetch } = mockImport({ bookings: [], message: 'This mail holds no booking markup.' });
    const user = await openImport();
    fireEvent.drop(dialog().getByTestId('booking-import-drop'), {
      dataTransfer: { files: [new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await dialog().findByText('Choose a saved mail (.eml), a web page (.html) or a calendar file (.ics).'),
    ).toBeTruthy();
    await settle();
    expect(fetch.to(IMPORT)).toHaveLength(0);

    fireEvent.drop(dialog().getByTestId('booking-import-drop'), {
      dataTransfer: { files: [new File(['BEGIN:VCALENDAR'], 'trip.ics', { type: 'text/calendar' })] },
    });
    expect((await dialog().findByTestId('booking-import-none')).textContent).toBe(
      'This mail holds no booking markup.',
    );
    expect(fetch.to(IMPORT, 'POST').map((request) => request.body)).toEqual([
      { format: 'ics', content: 'BEGIN:VCALENDAR' },
    ]);
    expect(dialog().queryByRole('button', { name: /^Add/ })).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Try another file' }));
    expect(dialog().getByLabelText('Choose a file')).toBeTruthy();
  });
});
