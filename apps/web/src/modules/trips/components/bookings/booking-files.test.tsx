import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingFile } from '@tripcrew/contracts/trip-bookings';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { isComingSoon } from '../../api/trip-booking-files.ts';
import { flight, ID_1 } from './booking-test-fixtures.ts';
import { BookingFiles } from './booking-files.tsx';

resetMocksAfterEach();

const FILES = `/core/trips/t-1/bookings/${ID_1}/files`;
const file = (overrides: Partial<BookingFile> = {}): BookingFile => ({
  _id: 'f-1',
  name: 'TP 1350 boarding pass.pdf',
  type: 'application/pdf',
  size: 48_000,
  createdBy: 'u-2',
  createdAt: '2026-11-01T00:00:00.000Z',
  url: `/api${FILES}/f-1`,
  ...overrides,
});

describe('BookingFiles', () => {
  it('[BOOKINGS-FILES-WEB-01] lists the files with their size; attaching sends the file as multipart', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === FILES && request.method === 'POST'
        ? jsonResponse(200, file({ _id: 'f-2', name: 'ticket.webp', type: 'image/webp' }))
        : jsonResponse(200, []),
    );
    const booking = flight({ files: [file()] });
    renderAt(
      <BookingFiles tripId="t-1" booking={booking} userId="u-1" canAttach manageable={false} online />,
    );
    const list = within(screen.getByRole('list', { name: 'Files of Lisbon to New York' }));
    expect(list.getByRole('button', { name: /TP 1350 boarding pass\.pdf/ }).textContent).toMatch(/47 kB/);
    // Bob attached it and Ada did not add the booking: she cannot remove it.
    expect(screen.queryByRole('button', { name: 'Remove TP 1350 boarding pass.pdf' })).toBeNull();

    const input = screen.getByTestId('trip-booking-file-input') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    fireEvent.change(input, {
      target: { files: [new File(['jpeg'], 'ticket.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(fetch.to(FILES, 'POST')).toHaveLength(1));
    const sent = fetch.to(FILES, 'POST')[0]?.body;
    expect(sent instanceof FormData && (sent.get('file') as File).name).toBe('ticket.jpg');
  });

  it('[BOOKINGS-FILES-WEB-02] who may remove a file is asked first; offline, nothing can be attached or removed', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() => jsonResponse(200, { ok: true }));
    const booking = flight({
      files: [file(), file({ _id: 'f-2', name: 'mine.webp', type: 'image/webp', createdBy: 'u-1' })],
    });
    const { unmount } = renderAt(
      <BookingFiles tripId="t-1" booking={booking} userId="u-1" canAttach manageable={false} online />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove mine.webp' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this file?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.to(`${FILES}/f-2`, 'DELETE')).toHaveLength(1));
    unmount();

    renderAt(
      <BookingFiles tripId="t-1" booking={booking} userId="u-1" canAttach manageable online={false} />,
    );
    expect((screen.getByRole('button', { name: 'Attach a file' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove mine.webp' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText("Files are attached when you're back online.")).toBeTruthy();
    // The files themselves still open (the device keeps those of the coming week).
    expect(
      (screen.getByRole('button', { name: /^TP 1350 boarding pass\.pdf/ }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('[BOOKINGS-FILES-WEB-03] viewers without files see nothing; the coming week is what is kept offline', () => {
    renderAt(
      <BookingFiles
        tripId="t-1"
        booking={flight()}
        userId="u-1"
        canAttach={false}
        manageable={false}
        online
      />,
    );
    expect(screen.queryByTestId('trip-booking-files')).toBeNull();
    const now = Date.parse('2026-11-28T12:00:00Z');
    vi.useRealTimers();
    // The flight leaves 1 December 07:40 Lisbon time: within the week.
    expect(isComingSoon(flight(), now)).toBe(true);
    expect(isComingSoon(flight(), now - 10 * 86_400_000)).toBe(false);
    // A stay that began before and goes on is kept; one long over is not.
    const stay = flight({ end: { ...flight().start, at: '2026-12-10T11:00:00.000Z' } });
    expect(isComingSoon(stay, Date.parse('2026-12-05T00:00:00Z'))).toBe(true);
    expect(isComingSoon(flight(), Date.parse('2026-12-09T00:00:00Z'))).toBe(false);
  });
});
